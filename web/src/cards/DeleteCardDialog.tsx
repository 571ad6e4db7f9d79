import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { serverMessageId } from '../i18n/messages.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { DialogActions } from '../layout/DialogActions.tsx';
import { MutationButton } from '../layout/MutationButton.tsx';
import { showToast } from '../live/toasts.tsx';
import { CardView } from './CardView.tsx';
import { cardMutations, cardQueries } from './queries.ts';
import type { PaymentMethod } from './types.ts';

/**
 * The "delete card" modal (spec 000 §2). A card that carries a lead, a purchase or a donation is
 * refused (409 card_in_use_cannot_be_deleted): the dialog then names the auctions it is used in
 * (list-active-auction), so the user knows to replace it first.
 */
export function DeleteCardDialog({
  card,
  onClose,
  onReplace,
}: {
  card: PaymentMethod;
  onClose: () => void;
  onReplace: () => void;
}) {
  const remove = useMutation({
    ...cardMutations.delete(),
    onSuccess: () => {
      showToast('success', 'card_deleted');
      onClose();
    },
  });
  const inUse = remove.error instanceof ApiError && remove.error.message === 'card_in_use_cannot_be_deleted';
  const auctions = useQuery({ ...cardQueries.activeAuctions(card.id), enabled: inUse });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={<FormattedMessage id="card.deleteTitle" />}>
      <CardView card={card} />
      {inUse ? (
        <div className="alert alert--danger" role="alert">
          <p>
            <FormattedMessage id="card_in_use_cannot_be_deleted" />
          </p>
          {auctions.data?.length ? (
            <ul>
              {auctions.data.map((auction) => (
                <li key={auction.id}>{auction.name}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : remove.error ? (
        <p className="alert alert--danger" role="alert">
          <FormattedMessage id={serverMessageId(remove.error.message)} />
        </p>
      ) : (
        <p>
          <FormattedMessage id="card.deleteConfirm" />
        </p>
      )}
      <DialogActions onCancel={onClose}>
        {inUse ? (
          <button type="button" className="button" onClick={onReplace}>
            <FormattedMessage id="card.replace" />
          </button>
        ) : (
          <MutationButton mutation={remove} variables={card.id} label="card.delete" className="button button--danger" />
        )}
      </DialogActions>
    </Dialog>
  );
}
