import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { serverMessageId } from '../i18n/messages.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { showToast } from '../live/toasts.tsx';
import { AddCardButton } from './AddCardButton.tsx';
import { CardPicker } from './CardPicker.tsx';
import { cardMutations } from './queries.ts';
import type { AuctionPaymentMethod, PaymentMethod } from './types.ts';

/**
 * The "confirm payment method" dialog (spec 001 §2, §5 rule 3): choose which card an auction
 * charges; saving persists the auction payment method (POST, or PUT when one exists).
 */
export function SelectCardDialog({
  auctionId,
  stripeInformationId,
  cards,
  selected,
  onClose,
}: {
  auctionId: number;
  stripeInformationId: number | null;
  cards: PaymentMethod[];
  selected: AuctionPaymentMethod | undefined;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<number | undefined>(
    selected?.paymentMethod_Id ?? cards.find((card) => card.isSelectable)?.id,
  );
  const select = useMutation({
    ...cardMutations.select(auctionId),
    onSuccess: () => {
      showToast('success', 'saved_successfully');
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={<FormattedMessage id="card.chooseTitle" />}>
      <CardPicker
        cards={cards}
        value={choice}
        onChange={setChoice}
        legend={<FormattedMessage id="card.chooseLegend" />}
      />
      {select.error ? (
        <p className="alert alert--danger" role="alert">
          <FormattedMessage id={serverMessageId(select.error.message)} />
        </p>
      ) : null}
      <div className="dialog__actions">
        <AddCardButton stripeInformationId={stripeInformationId} className="button button--secondary" />
        <button
          type="button"
          className="button"
          disabled={choice === undefined || select.isPending}
          onClick={() => choice !== undefined && select.mutate({ paymentMethodId: choice, selectionId: selected?.id })}
        >
          <FormattedMessage id="card.useThisCard" />
        </button>
      </div>
    </Dialog>
  );
}
