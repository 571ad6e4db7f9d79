export { earnsReceipt, type ReceiptFigures, type ReceiptLine, receiptFigures } from './donationReceipt.ts';
export {
  applyRatePpm,
  CARD_FEE_MINIMUM_CENTS,
  CARD_FEE_RATE_PPM,
  type InvoiceFigures,
  invoiceFigures,
  type TaxAmount,
  type TaxRate,
} from './invoiceArithmetic.ts';
export { type DocumentLanguage, formatDate, formatMoney } from './moneyFormat.ts';
