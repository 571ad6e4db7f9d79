import type { AuctionInvoice } from '@auction/contract';

/** What every invoice command's dialog (a ConsoleFormDialog) is given: the invoice, its auction (to read its list again) and the way out. */
export interface InvoiceDialogProps {
  auctionId: number;
  invoice: AuctionInvoice;
  onClose: () => void;
}
