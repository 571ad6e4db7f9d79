import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../layout/Dialog.tsx';
import { DialogActions } from '../layout/DialogActions.tsx';
import { showError } from '../lib/errors.ts';
import { cardMutations } from './queries.ts';

/** Where the browser goes: its own function so tests can watch the redirect. */
export const browserLocation = {
  assign: (url: string) => globalThis.location.assign(url),
  here: () => globalThis.location.href,
};

/**
 * The "add payment information" modal (spec 000 §2): explains, then sends the browser to the
 * payment provider's hosted page (Stripe Checkout, or the local double's stand-in) and back to the
 * page the user came from, where the new card shows once the webhook has stored it.
 */
export function AddCardButton({
  stripeInformationId,
  label = 'card.add',
  className = 'button',
}: {
  stripeInformationId: number | null;
  label?: 'card.add' | 'card.addToBid';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const session = useMutation({
    ...cardMutations.checkoutSession(stripeInformationId ?? 0),
    onSuccess: (answer) => browserLocation.assign(answer.url),
    onError: showError,
  });
  if (stripeInformationId === null) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <FormattedMessage id={label} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={<FormattedMessage id="card.addTitle" />}>
        <p>
          <FormattedMessage id="card.addExplanation" />
        </p>
        <DialogActions onCancel={() => setOpen(false)}>
          <button
            type="button"
            className="button"
            disabled={session.isPending || session.isSuccess}
            onClick={() => {
              const here = browserLocation.here();
              session.mutate({ successUrl: here, cancelUrl: here });
            }}
          >
            <FormattedMessage id="card.addContinue" />
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}
