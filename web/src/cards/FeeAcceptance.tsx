import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../layout/Dialog.tsx';
import { DialogActions } from '../layout/DialogActions.tsx';
import { MutationButton } from '../layout/MutationButton.tsx';
import { showError } from '../lib/errors.ts';
import { showToast } from '../live/toasts.tsx';
import { cardMutations } from './queries.ts';

/**
 * Spec 000 §2 and §9: when the auction bills card fees (3.3 % with tax, at least 1 dollar) to the
 * client, a yes/no choice, closed once the auction is past Active. Choosing yes asks first in the
 * "accept credit-card fees" modal, which says what the fee is.
 */
export function FeeAcceptance({
  auctionId,
  accepted,
  disabled,
}: {
  auctionId: number;
  accepted: boolean | null;
  disabled: boolean;
}) {
  const name = useId();
  const [asking, setAsking] = useState(false);
  const decide = useMutation({
    ...cardMutations.acceptFees(auctionId),
    onSuccess: () => {
      showToast('success', 'saved_successfully');
      setAsking(false);
    },
    onError: showError,
  });
  return (
    <fieldset className="fee-acceptance" disabled={disabled || decide.isPending}>
      <legend>
        <FormattedMessage id="card.fees.question" />
      </legend>
      <label className="checkbox">
        <input type="radio" name={name} checked={accepted === true} onChange={() => setAsking(true)} />
        <FormattedMessage id="card.fees.yes" />
      </label>
      <label className="checkbox">
        <input type="radio" name={name} checked={accepted === false} onChange={() => decide.mutate(false)} />
        <FormattedMessage id="card.fees.no" />
      </label>
      <Dialog open={asking} onOpenChange={setAsking} title={<FormattedMessage id="card.fees.title" />}>
        <p>
          <FormattedMessage id="card.fees.explanation" />
        </p>
        <DialogActions onCancel={() => setAsking(false)}>
          <MutationButton mutation={decide} variables={true} label="card.fees.accept" />
        </DialogActions>
      </Dialog>
    </fieldset>
  );
}
