import { z } from 'zod';
import { errorAnswers, idParams, MAX_ROW_ID } from './common.ts';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'invalid_value');

/** The latest signed checkpoint when the bid was answered (it signs the log before the bid). */
export const receiptCheckpoint = z.object({
  id: z.string().regex(/^\d{1,19}$/),
  root: sha256Hex,
  signedAt: z.iso.datetime(),
});

/**
 * A bidder's proof of an accepted bid (docs/audit.md, "Receipts"): where the bid's event sits in
 * its lot's stream, its hash in the chain, and the platform's Ed25519 signature over the rest.
 */
export const bidReceipt = z.object({
  lotId: z.number().int().min(1).max(MAX_ROW_ID),
  streamVersion: z.number().int().min(1).max(MAX_ROW_ID),
  serverTime: z.iso.datetime(),
  amountCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  eventHash: sha256Hex,
  checkpoint: receiptCheckpoint.nullable(),
  signature: z.string().min(1).max(200),
});

/** The receipt in a query: its JSON, as a download holds it. */
export const receiptQuery = z.object({
  receipt: z
    .string()
    .max(4000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'invalid_receipt' });
        return z.NEVER;
      }
    })
    .pipe(bidReceipt),
});

/** The fields a signed receipt is compared on with the log, named in `mismatches`. */
export const RECEIPT_FIELDS = ['eventHash', 'amountCents', 'serverTime', 'chain'] as const;

/**
 * The verdict. A receipt whose signature is not the platform's is `bid_receipt_invalid`, not
 * found and with no mismatch: it is never compared with the log, so nobody can test a guess of
 * another bid against it. For a signed receipt, `found` when the lot's stream has an event at
 * that version; `unchanged` when that event is the receipt's bid, as recorded (its hash recomputes
 * and matches, amount and time match). `message` is the key the page shows.
 */
export const receiptVerdict = z.object({
  found: z.boolean(),
  unchanged: z.boolean(),
  mismatches: z.array(z.enum(RECEIPT_FIELDS)),
  message: z.enum(['bid_receipt_verified', 'bid_receipt_mismatch', 'bid_receipt_not_found', 'bid_receipt_invalid']),
});

const exportedEvent = z.object({
  streamVersion: z.number(),
  type: z.string(),
  data: z.unknown(),
  meta: z.unknown(),
  recordedAt: z.number(),
  hash: z.string(),
  globalPosition: z.number().optional(),
});

/** An auction's log for offline verification (docs/audit.md, "The export"). */
export const auditExport = z.object({
  format: z.literal('charity-auctions/audit-export/1'),
  auctionId: z.string(),
  exportedAt: z.number(),
  streams: z.array(z.object({ streamId: z.string(), events: z.array(exportedEvent) })),
  checkpoint: z
    .object({
      id: z.string(),
      root: z.string(),
      streamCount: z.number(),
      heads: z.array(z.object({ streamId: z.string(), version: z.number(), hash: z.string() })),
      signedAt: z.number(),
      publicKey: z.string(),
      signature: z.string(),
    })
    .nullable(),
});

export const auditContract = {
  exportAuction: { params: idParams, response: { 200: auditExport, ...errorAnswers(401, 403, 404) } },
  verifyReceipt: { querystring: receiptQuery, response: { 200: receiptVerdict, ...errorAnswers(400, 429) } },
  verifyReceiptPost: { body: bidReceipt, response: { 200: receiptVerdict, ...errorAnswers(400, 429) } },
} as const;

export type BidReceipt = z.infer<typeof bidReceipt>;
export type ReceiptVerdict = z.infer<typeof receiptVerdict>;
