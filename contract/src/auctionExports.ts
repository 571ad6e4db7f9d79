import { z } from 'zod';
import { errorAnswers, rowId } from './common.ts';

/**
 * The auction's CSV exports (issue 19 §4, docs/console.md "Bulk"): one file per kind, UTF-8 with a
 * byte order mark, money in decimal dollars, times in ISO 8601; for the organisation's operators.
 */
export const AUCTION_EXPORT_KINDS = [
  'lots',
  'bids',
  'winners',
  'purchases',
  'donations',
  'bidders',
  'invoices',
  'receipts',
] as const;
export type AuctionExportKind = (typeof AUCTION_EXPORT_KINDS)[number];

export const auctionExportParams = z.object({
  id: rowId,
  kind: z.enum(AUCTION_EXPORT_KINDS, { error: 'export_not_found' }),
});

export const auctionExportsContract = {
  csv: { params: auctionExportParams, response: { 200: z.string(), ...errorAnswers(401, 403, 404) } },
};
