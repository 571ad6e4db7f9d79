export {
  earnsReceipt,
  figuresAfterLineRefunds,
  figuresAfterRefunds,
  lineCost,
  type ReceiptFigures,
  type ReceiptLine,
  type ReceiptRefunds,
  type RefundableLine,
  receiptFigures,
} from './donationReceipt.ts';
export {
  applyRatePpm,
  CARD_FEE_MINIMUM_CENTS,
  CARD_FEE_RATE_PPM,
  type InvoiceFigures,
  invoiceFigures,
  type TaxAmount,
  type TaxRate,
} from './invoiceArithmetic.ts';
export {
  createInvoiceChargesQueue,
  INVOICE_CHARGES_QUEUE,
  type InvoiceChargesJob,
  type InvoiceChargesQueue,
  requestAutomaticCharges,
} from './invoiceChargesQueue.ts';
export { invoiceTaxRows } from './invoiceTaxRows.ts';
export { lineCardFees } from './lineCardFees.ts';
export { type DocumentLanguage, formatDate, formatMoney } from './moneyFormat.ts';
