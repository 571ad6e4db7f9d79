import { InvoiceStatus } from '@auction/contract';
import type { Database } from '@auction/platform';
import { earnsReceipt, figuresAfterLineRefunds, type ReceiptFigures } from '@auction/platform/invoices';
import type { Kysely, Transaction } from 'kysely';
import { invoiceLineCosts, refundedByLine } from './invoiceLines.ts';
import type { InvoiceDetail } from './invoiceRepository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A person's address as the documents print it: street, city line, country; the empty ones left out. */
export function addressLines(
  person: Pick<InvoiceDetail['customer'], 'address' | 'apartment' | 'city' | 'province' | 'postalCode' | 'country'>,
): string[] {
  const street = [person.address, person.apartment].filter(Boolean).join(', ');
  const city = [person.city, person.province, person.postalCode].filter(Boolean).join(' ');
  return [street, city, person.country ?? ''].filter((line) => line.length > 0);
}

/** A receipt voided because a refund changed the gift, and the one issued in its place, if any. */
export interface ReceiptReplacement {
  invoiceId: number;
  /** The number of the receipt that is no longer in force. */
  replaced: number;
  /** The replacement's number; null when what is left of the gift earns no receipt. */
  replacement: number | null;
}

/** Who a receipt of the invoice is for and from, its auction's minimum and its lines. */
async function receiptBasis(executor: Executor, invoiceId: number) {
  const invoice = await executor
    .selectFrom('invoices as i')
    .innerJoin('auctions as a', 'a.id', 'i.auction_id')
    .innerJoin('users as u', 'u.id', 'i.bidder_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select([
      'i.organization_id',
      'a.donation_receipt_minimum_cents',
      'u.preferred_language',
      'u.first_name',
      'u.last_name',
      'u.address',
      'u.apartment',
      'u.city',
      'u.province',
      'u.postal_code',
      'u.country',
      'o.name as organization_name',
      'o.charity_registration_number',
      'o.receipt_address',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return null;
  const lines = await invoiceLineCosts(executor, [invoiceId]);
  return { invoice, lines, minimumCents: Number(invoice.donation_receipt_minimum_cents) };
}
type ReceiptBasis = NonNullable<Awaited<ReturnType<typeof receiptBasis>>>;

/**
 * The gift the invoice's lines make once the refunds that succeeded went back to the donor: a
 * refund naming its line comes out of that line, the others out of the gift first.
 */
async function giftAfterRefunds(executor: Executor, invoiceId: number, basis: ReceiptBasis): Promise<ReceiptFigures> {
  const unattributed = await executor
    .selectFrom('invoice_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'succeeded')
    .where('line_id', 'is', null)
    .executeTakeFirstOrThrow();
  return figuresAfterLineRefunds(basis.lines, {
    byLine: await refundedByLine(executor, [invoiceId], ['succeeded']),
    unattributed: Number(unattributed.total),
  });
}

/** The invoice's latest receipt, in force or voided. */
const latestReceipt = (executor: Executor, invoiceId: number) =>
  executor
    .selectFrom('donation_receipts')
    .select(['id', 'number', 'eligible_amount', 'voided_at'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const voidReceipt = (executor: Executor, id: number) =>
  executor.updateTable('donation_receipts').set({ voided_at: new Date() }).where('id', '=', id).execute();

/**
 * Writes a receipt under the organisation's next number: the counter is raised in the caller's
 * transaction, so numbers run on without gaps and a rolled-back transaction takes none.
 */
async function issue(
  executor: Executor,
  invoiceId: number,
  { invoice }: ReceiptBasis,
  figures: ReceiptFigures,
  replacesNumber: number | null,
): Promise<number> {
  const counter = await executor
    .insertInto('receipt_counters')
    .values({ organization_id: invoice.organization_id, last_number: 1 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await executor
    .insertInto('donation_receipts')
    .values({
      invoice_id: invoiceId,
      organization_id: invoice.organization_id,
      number: counter.last_number,
      eligible_amount: figures.eligibleAmount,
      fair_market_value: figures.fairMarketValue,
      amount_received: figures.amountReceived,
      language: invoice.preferred_language,
      // The receipt keeps what made it official, and whom it names, on the day it was issued.
      charity_registration_number: invoice.charity_registration_number,
      organization_address: invoice.receipt_address,
      organization_name: invoice.organization_name,
      donor_name: `${invoice.first_name} ${invoice.last_name}`.trim(),
      donor_address: addressLines({ ...invoice, postalCode: invoice.postal_code }).join('\n'),
      replaces_number: replacesNumber,
    })
    .execute();
  return counter.last_number;
}

/**
 * Issues the donation receipt of an invoice that has just become paid, in the transaction that
 * marks it paid (docs/payments.md "Donation receipts"): the eligible amount of its lines (pure
 * rules in platform/src/invoices/donationReceipt.ts), less the refunds that succeeded meanwhile (a
 * card refund can settle while a cancelled payment has the invoice unpaid), against its auction's
 * minimum, in the donor's language. An invoice paid again, after a cancelled payment took it back
 * to unpaid, gets a receipt that names the one voided then.
 *
 * An invoice has at most one receipt in force (a partial unique index). Should one be in force
 * already (left by an earlier version on an unpaid invoice), it is kept when it states this gift
 * and replaced otherwise: never a second one beside it, which would fail the payment.
 */
export async function issueDonationReceipt(executor: Executor, invoiceId: number): Promise<number | null> {
  const basis = await receiptBasis(executor, invoiceId);
  if (!basis) return null;
  const figures = await giftAfterRefunds(executor, invoiceId, basis);
  const earns = earnsReceipt(figures, basis.minimumCents);
  const latest = await latestReceipt(executor, invoiceId);
  if (latest && latest.voided_at === null) {
    if (earns && Number(latest.eligible_amount) === figures.eligibleAmount) return latest.number;
    await voidReceipt(executor, latest.id);
  }
  return earns ? issue(executor, invoiceId, basis, figures, latest?.number ?? null) : null;
}

/**
 * Voids the invoice's receipt in force, with no replacement, in the transaction that takes a paid
 * invoice back to unpaid (docs/payments.md "Cancelling a payment recorded by hand"): the money it
 * acknowledged is no longer counted as received. Returns the voided number; null when none was in force.
 */
export async function voidReceiptInForce(trx: Transaction<Database>, invoiceId: number): Promise<number | null> {
  const voided = await trx
    .updateTable('donation_receipts')
    .set({ voided_at: new Date() })
    .where('invoice_id', '=', invoiceId)
    .where('voided_at', 'is', null)
    .returning('number')
    .executeTakeFirst();
  return voided?.number ?? null;
}

/**
 * Brings a paid invoice's receipt in line with the refunds that gave money back (docs/payments.md
 * "When a refund changes the gift"), in the transaction that changed a refund's status. The receipt
 * in force is voided when its gift is no longer the one left after the succeeded refunds, and a
 * replacement naming it is issued when that gift still earns one; a refund that fails later at
 * the bank gives the gift back, and a replacement again. An invoice that never earned a receipt
 * gets none from a refund. Nothing changes when the gift is what the receipt says, so a webhook
 * delivered twice issues nothing more.
 *
 * Nothing changes either while the invoice is unpaid (a cancelled payment took it back, and voided
 * its receipt): it has received nothing to acknowledge, and the payment that completes it issues
 * its receipt from the refunds made by then (`issueDonationReceipt`).
 */
export async function reissueAfterRefunds(
  trx: Transaction<Database>,
  invoiceId: number,
): Promise<ReceiptReplacement | null> {
  // The invoice's row orders every change of its receipt: two refunds settling at once reissue
  // once each, and a cancellation taking it back to unpaid is either before (read here) or after.
  const invoice = await trx
    .selectFrom('invoices')
    .select('status')
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (invoice?.status !== InvoiceStatus.Paid) return null;
  const latest = await latestReceipt(trx, invoiceId);
  const basis = latest ? await receiptBasis(trx, invoiceId) : null;
  if (!latest || !basis) return null;
  const figures = await giftAfterRefunds(trx, invoiceId, basis);
  const earns = earnsReceipt(figures, basis.minimumCents);
  const inForce = latest.voided_at === null;
  if (inForce && earns && Number(latest.eligible_amount) === figures.eligibleAmount) return null;
  if (!inForce && !earns) return null;
  if (inForce) await voidReceipt(trx, latest.id);
  const replacement = earns ? await issue(trx, invoiceId, basis, figures, latest.number) : null;
  return { invoiceId, replaced: latest.number, replacement };
}
