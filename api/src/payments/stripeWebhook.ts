import type { Database } from '@auction/platform';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { ReceiptReplacement } from '../invoices/donationReceipts.ts';
import { ATTEMPT_METADATA, type InvoicePayments } from '../invoices/invoicePayments.ts';
import type { InvoiceRefunds } from '../invoices/invoiceRefunds.ts';
import type { CardRepository, StripeCardState } from './cardRepository.ts';
import { isRefusedBrand } from './cardRules.ts';
import type { StripeGateway } from './stripeGateway.ts';

/**
 * What a verified Stripe event changes, applied once per event id and by the objects' current
 * state rather than by the order events arrive in (Stripe neither orders nor deduplicates its
 * deliveries): each event only names the cards it concerns; each card is read again from Stripe
 * and stored as Stripe holds it now. A late `payment_method.attached` after a detach therefore
 * finds the card detached and leaves it so.
 */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Codes of a failed charge that make the card itself unusable (not a transient failure). */
const CARD_DECLINES = new Set(['card_declined', 'expired_card', 'incorrect_number', 'lost_card', 'stolen_card']);

export async function applyStripeEvent(
  event: Stripe.Event,
  deps: {
    cards: CardRepository;
    stripe: StripeGateway;
    invoicePayments?: Pick<InvoicePayments, 'applyPaymentIntent' | 'afterPaid'>;
    refunds?: Pick<InvoiceRefunds, 'applyRefund' | 'announce'>;
  },
): Promise<WebhookOutcome> {
  const { cards, stripe } = deps;
  if (await cards.eventProcessed(event.id)) return 'duplicate';
  const cardIds = await paymentMethodsNamed(event, stripe);
  const declined = declinedPaymentMethod(event);
  const invoiceCharge = invoicePaymentIntent(event);
  const refunds = refundsOf(event);
  if (cardIds.length === 0 && !declined && !invoiceCharge && refunds.length === 0) {
    // Recorded all the same, so a redelivery costs no further look-up.
    return (await cards.applyEventOnce(event, async () => {})) ? 'ignored' : 'duplicate';
  }
  // Stripe's answers are read before the transaction: no network wait while holding a connection.
  const states = (await Promise.all(cardIds.map((id) => stripe.retrievePaymentMethod(id)))).flatMap((pm) =>
    pm?.card ? [cardStateOf(pm)] : [],
  );
  let paidInvoice: number | null = null;
  const receiptChanges: ReceiptReplacement[] = [];
  const applied = await cards.applyEventOnce(event, async (trx) => {
    for (const state of states) await cards.applyCardState(trx, state);
    if (declined) await cards.markDeclined(trx, declined);
    // An invoice's charge settles its payment attempt in the same transaction as the event's record.
    if (invoiceCharge && deps.invoicePayments) {
      paidInvoice = await deps.invoicePayments.applyPaymentIntent(
        trx as unknown as Transaction<Database>,
        invoiceCharge,
      );
    }
    // A refund's state as the event carries it (never moving a settled refund back to pending).
    // A change of what was refunded changes the gift: the donation receipt follows in the same transaction.
    for (const refund of refunds) {
      const change = await deps.refunds?.applyRefund(trx as unknown as Transaction<Database>, refund);
      if (change) receiptChanges.push(change);
    }
  });
  if (!applied) return 'duplicate';
  if (paidInvoice !== null) await deps.invoicePayments?.afterPaid(paidInvoice);
  for (const change of receiptChanges) await deps.refunds?.announce(change);
  // A refused brand is taken off the customer at Stripe too, so it can never be charged.
  for (const state of states) {
    if (state.refused && state.customerId)
      await stripe.detachPaymentMethod(state.stripePaymentMethodId).catch(() => {});
  }
  return 'applied';
}

/** The payment methods an event is about. */
async function paymentMethodsNamed(event: Stripe.Event, stripe: StripeGateway): Promise<string[]> {
  switch (event.type) {
    case 'payment_method.attached':
    case 'payment_method.detached':
    case 'payment_method.updated':
    case 'payment_method.automatically_updated':
      return [event.data.object.id];
    case 'setup_intent.succeeded':
      return idOf(event.data.object.payment_method);
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'setup' || !session.setup_intent) return [];
      if (typeof session.setup_intent !== 'string') return idOf(session.setup_intent.payment_method);
      const intent = await stripe.retrieveSetupIntent(session.setup_intent);
      return intent ? idOf(intent.payment_method) : [];
    }
    default:
      return [];
  }
}

/** A charge of an invoice's payment attempt (docs/payments.md "Paying an invoice"), succeeded or refused. */
function invoicePaymentIntent(event: Stripe.Event): Stripe.PaymentIntent | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
  return event.data.object.metadata?.[ATTEMPT_METADATA] ? event.data.object : null;
}

/** The refunds an event reports: `charge.refunded` lists the charge's refunds, `refund.*` is one. */
function refundsOf(event: Stripe.Event): Stripe.Refund[] {
  switch (event.type) {
    case 'charge.refunded':
      return event.data.object.refunds?.data ?? [];
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return [event.data.object];
    default:
      return [];
  }
}

/** A charge declined for a reason that is the card's own: that card becomes declined. */
function declinedPaymentMethod(event: Stripe.Event): string | null {
  if (event.type !== 'payment_intent.payment_failed') return null;
  const error = event.data.object.last_payment_error;
  if (!error?.code || !CARD_DECLINES.has(error.code)) return null;
  return error.payment_method?.id ?? idOf(event.data.object.payment_method)[0] ?? null;
}

function idOf(ref: string | { id: string } | null | undefined): string[] {
  if (!ref) return [];
  return [typeof ref === 'string' ? ref : ref.id];
}

export function cardStateOf(pm: Stripe.PaymentMethod): StripeCardState {
  const card = pm.card as Stripe.PaymentMethod.Card;
  return {
    stripePaymentMethodId: pm.id,
    customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    holderName: pm.billing_details?.name ?? null,
    refused: isRefusedBrand(card.brand) || isRefusedBrand(card.display_brand ?? ''),
  };
}
