export { type InvoiceDocument, invoicePdf, invoiceTexts } from './invoiceDocument.ts';
export { type ReceiptDocument, receiptPdf, receiptTexts } from './receiptDocument.ts';
