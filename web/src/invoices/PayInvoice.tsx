import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { AddCardButton } from '../cards/AddCardButton.tsx';
import { CardPicker } from '../cards/CardPicker.tsx';
import { brandName } from '../cards/CardView.tsx';
import { cardQueries } from '../cards/queries.ts';
import { formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../i18n/messages.ts';
import { isOutcomeUnknown } from '../lib/commandRetry.ts';
import { toCents } from '../lib/money.ts';
import { showToast } from '../live/toasts.tsx';
import { invoiceMutations } from './queries.ts';
import type { Invoice } from './types.ts';

/**
 * Card refusals the user fixes by choosing (or adding) another card: a card declined at the
 * payment as well, and one the payment provider no longer knows.
 */
const chooseAnother = new Set([
  'requiresSelectedCreditCard',
  'card_declined_or_expired',
  'amex_not_accepted',
  'error_during_paiement',
  'card_does_not_exist',
]);

/** Why a card was declined, when the bank said something the bidder can act on (else the generic error alone). */
const DECLINE_REASONS = {
  insufficient_funds: 'invoice.decline.insufficient_funds',
  expired_card: 'invoice.decline.expired_card',
  incorrect_cvc: 'invoice.decline.incorrect_cvc',
  lost_card: 'invoice.decline.card_declined',
  stolen_card: 'invoice.decline.card_declined',
  generic_decline: 'invoice.decline.card_declined',
  card_declined: 'invoice.decline.card_declined',
  processing_error: 'invoice.decline.processing_error',
} as const;

function declineReason(error: ApiError): (typeof DECLINE_REASONS)[keyof typeof DECLINE_REASONS] | null {
  if (error.message !== 'error_during_paiement') return null;
  // The bank's decline code is the more precise; the card error's code is what Stripe called it.
  for (const code of [error.body.declineCode, error.messages[1]]) {
    if (typeof code === 'string' && Object.hasOwn(DECLINE_REASONS, code))
      return DECLINE_REASONS[code as keyof typeof DECLINE_REASONS];
  }
  return null;
}

/**
 * Spec 000 §4 card form: pays the invoice on the card selected for its auction (or the one the
 * user chooses when none is, or it can no longer be charged). With no card selected, the choice and
 * "Add a card" are offered at once, the only usable card chosen already (spec 001 §5 rule 3),
 * rather than after a refused first press. The button is disabled while the payment is being
 * created or in progress; a card error shows in a red alert (§8).
 */
export function PayInvoice({ invoice, onProcessing }: { invoice: Invoice; onProcessing: () => void }) {
  const locale = useLocale();
  const [chosen, setChosen] = useState<number | undefined>();
  const pay = useMutation({
    ...invoiceMutations.pay(invoice.stripeInvoiceId, locale),
    onSuccess: (answer) => {
      if (answer.message === 'payment_succeeded' && answer.isPaid) showToast('success', 'payment_succeeded');
      else onProcessing();
    },
    // The card just declined is no longer the choice: the bidder picks again from the list, which
    // now marks it (the only usable card left is chosen already).
    onError: (error) => {
      if (error instanceof ApiError && chooseAnother.has(error.message)) setChosen(undefined);
    },
  });
  // A refusal says why; a payment whose answer never came (even after the retries) may have gone
  // through, and pressing Pay again continues the same attempt: it is never charged twice.
  const unknown = pay.error !== null && isOutcomeUnknown(pay.error);
  const refusal = pay.error instanceof ApiError && !unknown ? pay.error.message : null;
  const reason = pay.error instanceof ApiError && !unknown ? declineReason(pay.error) : null;
  const card = invoice.paymentMethod;
  const choosing = !card || (refusal !== null && chooseAnother.has(refusal));
  const cards = useQuery({ ...cardQueries.paymentMethods(), enabled: choosing });
  const selectable = (cards.data ?? []).filter((c) => c.isSelectable);
  const only = selectable.length === 1 ? selectable[0]?.id : undefined;
  const picked = chosen ?? only;
  const busy = pay.isPending || invoice.paymentInProgress;
  return (
    <section className="card invoice-payment" aria-labelledby="invoice-payment-title">
      <h2 id="invoice-payment-title">
        <FormattedMessage id="invoice.payTitle" />
      </h2>
      {card && !choosing ? (
        <p>
          <FormattedMessage
            id="invoice.payWith"
            values={{
              brand: brandName(card.brand),
              last4: card.last4,
              holder: card.cardHolderName ? ` · ${card.cardHolderName}` : '',
            }}
          />
        </p>
      ) : null}
      {refusal ? (
        <p className="alert alert--danger" role="alert">
          <FormattedMessage id={serverMessageId(refusal)} />
          {reason ? (
            <>
              {' '}
              <FormattedMessage id={reason} />
            </>
          ) : null}
        </p>
      ) : null}
      {unknown && !invoice.isPaid ? (
        <p className="alert alert--warning" role="alert">
          <FormattedMessage id="invoice.outcomeUnknown" />
        </p>
      ) : null}
      {choosing ? (
        <CardPicker
          cards={cards.data ?? []}
          value={picked}
          onChange={setChosen}
          legend={<FormattedMessage id="card.chooseLegend" />}
        />
      ) : null}
      {/* A bidder without a usable card adds one here and comes back to this invoice to pay. */}
      {choosing && cards.isSuccess ? (
        <AddCardButton stripeInformationId={invoice.stripeInformation_Id} className="button button--secondary" />
      ) : null}
      {invoice.paymentInProgress ? (
        <p className="query-status" role="status">
          <span className="spinner" aria-hidden="true" />
          <FormattedMessage id="payment_processing" />
        </p>
      ) : null}
      <button
        type="button"
        className="button invoice-payment__pay"
        disabled={busy || (choosing && picked === undefined)}
        onClick={() => pay.mutate(choosing ? picked : undefined)}
      >
        <FormattedMessage id="invoice.pay" values={{ amount: formatMoney(toCents(invoice.amount) ?? 0, locale) }} />
      </button>
    </section>
  );
}
