import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { serverMessageId } from '../i18n/messages.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { DialogActions } from '../layout/DialogActions.tsx';
import { showToast } from '../live/toasts.tsx';
import { AddCardButton } from './AddCardButton.tsx';
import { CardPicker } from './CardPicker.tsx';
import { CardView } from './CardView.tsx';
import { cardMutations } from './queries.ts';
import type { PaymentMethod } from './types.ts';

/**
 * The "replace card" modal (spec 000 §2): every auction the card is selected for moves to another
 * usable card of the same payment configuration; the old one can then be deleted.
 */
export function ReplaceCardDialog({
  card,
  cards,
  onClose,
}: {
  card: PaymentMethod;
  cards: PaymentMethod[];
  onClose: () => void;
}) {
  const others = cards.filter(
    (other) => other.id !== card.id && other.stripeInformation_Id === card.stripeInformation_Id,
  );
  const [replacing, setReplacing] = useState<number | undefined>(others.find((other) => other.isSelectable)?.id);
  const replace = useMutation({
    ...cardMutations.replace(),
    onSuccess: () => {
      showToast('success', 'card_replaced');
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={<FormattedMessage id="card.replaceTitle" />}>
      <CardView card={card} />
      {others.some((other) => other.isSelectable) ? (
        <CardPicker
          cards={others}
          value={replacing}
          onChange={setReplacing}
          legend={<FormattedMessage id="card.replaceWith" />}
        />
      ) : (
        // Nothing to replace it with yet ("You have no card" would contradict the card shown above).
        <>
          <p className="alert alert--info" role="status">
            <FormattedMessage id="card.replaceNoOther" />
          </p>
          <AddCardButton stripeInformationId={card.stripeInformation_Id} className="button button--secondary" />
        </>
      )}
      {replace.error ? (
        <p className="alert alert--danger" role="alert">
          <FormattedMessage id={serverMessageId(replace.error.message)} />
        </p>
      ) : null}
      <DialogActions onCancel={onClose}>
        <button
          type="button"
          className="button"
          disabled={replacing === undefined || replace.isPending}
          onClick={() =>
            replacing !== undefined &&
            replace.mutate({ sourcePaymentMethodId: card.id, replacingPaymentMethodId: replacing })
          }
        >
          <FormattedMessage id="card.replace" />
        </button>
      </DialogActions>
    </Dialog>
  );
}
