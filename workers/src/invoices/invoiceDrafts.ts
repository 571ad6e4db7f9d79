import type { Translations } from '@auction/platform';
import { type InvoiceFigures, invoiceFigures, type TaxRate } from '@auction/platform/invoices';

/** One invoice line as read from the `invoice_lines` read model, with what the invoice shows of its lot. */
export interface DraftLine {
  lineId: string;
  bidderId: string;
  kind: 'lot' | 'purchase' | 'donation';
  lotId: number | null;
  lotNumber: number | null;
  lotType: number | null;
  description: Translations;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface InvoiceDraft {
  bidderId: string;
  isDonation: boolean;
  lines: DraftLine[];
  figures: InvoiceFigures;
}

/**
 * The invoices an auction's lines make, pure: one per bidder for the lots won and the purchases,
 * one more per bidder for the donations, each with its figures. The card fee is billed when the
 * auction bills card fees to the client and that bidder accepted them. Drafts come out in a fixed
 * order (bidder, then the lots-and-purchases invoice before the donation one), so the numbers an
 * auction's invoices receive do not depend on the order the lines were read in.
 */
export function invoiceDrafts(input: {
  lines: readonly DraftLine[];
  taxRates: readonly TaxRate[];
  billCreditCardFeesToClient: boolean;
  acceptedFees: ReadonlySet<string>;
}): InvoiceDraft[] {
  const groups = new Map<string, { bidderId: string; isDonation: boolean; lines: DraftLine[] }>();
  for (const line of input.lines) {
    const isDonation = line.kind === 'donation';
    const key = `${line.bidderId}:${isDonation ? 1 : 0}`;
    const group = groups.get(key) ?? { bidderId: line.bidderId, isDonation, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) =>
      a.bidderId === b.bidderId ? Number(a.isDonation) - Number(b.isDonation) : a.bidderId < b.bidderId ? -1 : 1,
    )
    .map((group) => ({
      ...group,
      lines: group.lines.sort(byLotThenLine),
      figures: invoiceFigures({
        lineAmounts: group.lines.map((line) => line.amount),
        taxRates: input.taxRates,
        isDonation: group.isDonation,
        billCardFee: input.billCreditCardFeesToClient && input.acceptedFees.has(group.bidderId),
      }),
    }));
}

function byLotThenLine(a: DraftLine, b: DraftLine): number {
  const lot = (a.lotNumber ?? Number.MAX_SAFE_INTEGER) - (b.lotNumber ?? Number.MAX_SAFE_INTEGER);
  return lot !== 0 ? lot : a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0;
}
