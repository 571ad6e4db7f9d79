import { type InvoiceAnswer, InvoiceStatus, type InvoiceSummary, percentOfPpm } from '@auction/contract';
import type { Translations } from '@auction/platform';
import { mayPayInvoice } from '../authorization/invoiceAccess.ts';
import type { Language } from '../i18n/localized.ts';
import { toMoney } from '../money.ts';
import { storedCardStatus } from '../payments/cardRules.ts';
import type { InvoiceDetail, InvoiceSummaryRow } from './invoiceRepository.ts';

const NO_TRANSLATIONS = 'no-translations';

function textIn(translations: Translations, language: Language): string {
  return translations[language] ?? translations.en ?? translations.fr ?? NO_TRANSLATIONS;
}

const money = (cents: number, currency: string) => toMoney(cents, currency) as { value: number; currencyCode: string };

export function invoiceSummaryDto(row: InvoiceSummaryRow, language: Language): InvoiceSummary {
  return {
    id: row.id,
    stripeInvoiceId: row.public_id,
    number: row.number,
    auctionId: row.auction_id,
    auctionName: textIn(row.auction_names, language),
    isDonation: row.is_donation,
    isPaid: row.status === InvoiceStatus.Paid,
    isPartlyPaid: row.status !== InvoiceStatus.Paid && row.paid_cents > 0,
    status: row.status,
    invoiceDate: row.created_at.toISOString(),
    invoiceTotal: money(row.total, row.currency),
    customerName: row.customer_name,
  };
}

/**
 * Spec 000 §3 "Invoice" as the invoice page reads it, in the request language, for `viewerId` (its
 * bidder, or staff of its organisation, who read it without the bidder's controls).
 */
export function invoiceDto(
  detail: InvoiceDetail,
  language: Language,
  stripeKey: string,
  viewerId: string,
): InvoiceAnswer {
  const { invoice, customer } = detail;
  const currency = invoice.currency;
  const isPaid = invoice.status === InvoiceStatus.Paid;
  const names = Object.fromEntries(detail.auctionNames.map((n) => [n.languageCode, n.titleShort])) as Translations;
  const customerName = `${customer.firstName} ${customer.lastName}`.trim();
  return {
    id: invoice.id,
    stripeInvoiceId: invoice.public_id,
    stripeKey,
    number: invoice.number,
    auctionId: invoice.auction_id,
    stripeInformation_Id: detail.stripeInformationId,
    auctionName: textIn(names, language),
    auctionTranslations: detail.auctionNames,
    auctionLanguages: invoice.auction_languages,
    isDonation: invoice.is_donation,
    isPaid,
    isViewerCustomer: mayPayInvoice(
      { userId: viewerId },
      { bidderId: invoice.bidder_id, organizationId: invoice.organization_id },
    ),
    status: invoice.status,
    invoiceDate: invoice.created_at.toISOString(),
    subtotal: money(invoice.subtotal, currency),
    taxes: detail.taxes.map((tax) => ({
      name: textIn(tax.names, language),
      rate: percentOfPpm(tax.rate_ppm),
      amount: money(tax.amount, currency),
      currency,
    })),
    creditCardFee: money(invoice.card_fee, currency),
    invoiceTotal: money(invoice.total, currency),
    amount: money(
      isPaid ? 0 : Math.max(0, invoice.total - sumCents(detail.manualPayments) - sumCents(detail.payments)),
      currency,
    ),
    name: invoice.organization_name,
    billingFrom: { name: invoice.organization_name },
    customerEmail: customer.email,
    customer: {
      business: invoice.customer_business,
      name: customerName,
      address: customer.address,
      apartment: customer.apartment,
      city: customer.city,
      province: customer.province,
      postalCode: customer.postalCode,
      country: customer.country,
      phone: customer.phone,
      email: customer.email,
    },
    lines: detail.lines.map((line) => ({
      id: line.line_id,
      lotNumber: line.lot_number,
      auctionLotItemType: line.lot_type,
      kind: line.kind,
      description: textIn(line.description, language),
      quantity: line.quantity,
      unitPrice: money(line.unit_price, currency),
      amount: money(line.amount, currency),
      currency,
      isBuyerPremium: false,
    })),
    // Only a card that can be charged: a declined or expired one would be refused, so the page
    // asks for another at once instead of offering a Pay that cannot work.
    paymentMethod:
      detail.card && storedCardStatus(detail.card) === 'usable'
        ? {
            id: detail.card.id,
            stripePaymentMethodId: detail.card.stripe_payment_method_id,
            cardHolderName: detail.card.card_holder_name,
            last4: detail.card.last4,
            brand: detail.card.brand,
          }
        : null,
    paymentInProgress: !isPaid && detail.paymentInProgress,
    // A card payment stands beside recordings, and on a reopened invoice beside what it owes again.
    payments: [
      ...detail.payments.map((p) => ({
        id: p.id,
        paymentDate: p.updated_at.toISOString(),
        paymentConfirmationIdentifier: p.payment_intent_id ?? p.id,
        amount: money(p.amount, currency),
        method: 'card' as const,
      })),
      ...detail.manualPayments.map((p) => {
        const method = p.method as keyof typeof MANUAL_METHOD_NAMES;
        return {
          id: `manual-${p.id}`,
          paymentDate: p.recorded_at.toISOString(),
          paymentConfirmationIdentifier: manualMethodName(p.method, language),
          amount: money(p.amount, currency),
          method,
        };
      }),
    ],
    cancelledPayments: detail.cancelledPayments.map((p) => ({
      id: `manual-${p.id}`,
      amount: money(p.amount, currency),
      methodName: manualMethodName(p.method, language),
      paymentDate: p.recorded_at.toISOString(),
      cancelledDate: p.cancelled_at.toISOString(),
    })),
    donationReceipt: detail.receipt
      ? {
          number: detail.receipt.number,
          eligibleAmount: money(detail.receipt.eligible_amount, currency),
          issuedAt: detail.receipt.issued_at.toISOString(),
          replacesNumber: detail.receipt.replaces_number,
          url: `/api/auctions/invoice/${invoice.public_id}/receipt.pdf`,
        }
      : null,
    pdfUrl: `/api/auctions/invoice/${invoice.public_id}/pdf`,
    refunds: detail.refunds.map((r) => ({
      id: r.id,
      amount: money(r.amount, currency),
      reason: r.reason,
      status: r.status as 'pending' | 'succeeded' | 'failed' | 'canceled',
      method: r.method,
      lineId: r.line_id,
      refundDate: r.created_at.toISOString(),
    })),
    refundedAmount: money(refundedCents(detail.refunds), currency),
  };
}

/** A payment recorded by hand, named in the invoice's language (the page and the PDF). */
const MANUAL_METHOD_NAMES = {
  cash: { en: 'cash', fr: 'comptant' },
  cheque: { en: 'cheque', fr: 'chèque' },
  other: { en: 'other', fr: 'autre' },
} as const;

/** The name of a recorded payment's method in a language (the method itself when unknown). */
export function manualMethodName(method: string, language: Language): string {
  return MANUAL_METHOD_NAMES[method as keyof typeof MANUAL_METHOD_NAMES]?.[language] ?? method;
}

const sumCents = (payments: ReadonlyArray<{ amount: number }>) =>
  payments.reduce((sum, p) => sum + Number(p.amount), 0);

/** A refund made or on its way gives money back; a failed or canceled one gave nothing. */
export const GIVING_BACK: readonly string[] = ['succeeded', 'pending'];
export const givesBack = (refund: { status: string }) => GIVING_BACK.includes(refund.status);

/** What was given back or is being: succeeded and pending refunds. */
export function refundedCents(refunds: ReadonlyArray<{ amount: number; status: string }>): number {
  return refunds.filter(givesBack).reduce((sum, r) => sum + Number(r.amount), 0);
}
