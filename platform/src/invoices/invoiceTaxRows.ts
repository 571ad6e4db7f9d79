import type { TaxAmount } from './invoiceArithmetic.ts';

/**
 * An invoice's taxes as `invoice_taxes` rows, in the order the organisation lists its rates: the
 * one place the figures become rows, for invoice generation and for tests that make invoices.
 */
export function invoiceTaxRows(invoiceId: number, taxes: readonly TaxAmount[]) {
  return taxes.map((tax, position) => ({
    invoice_id: invoiceId,
    position,
    names: JSON.stringify(tax.names),
    rate_ppm: tax.ratePpm,
    amount: tax.amount,
  }));
}
