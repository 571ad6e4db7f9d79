import type { KeyObject } from 'node:crypto';
import type { BidReceipt, ReceiptVerdict } from '@auction/contract';
import { canonicalJson } from '@auction/contract/canonicalJson';
import { lotStreamId, type RecordedEvent } from '@auction/engine';
import {
  type Checkpoint,
  eventHash,
  GENESIS_HASH,
  publicKeyText,
  signPayload,
  verifyPayload,
} from '@auction/engine/audit';
import type { AuditRepository } from './auditRepository.ts';

/** The events a bidder's receipt can be for: the bid or maximum their command placed. */
const BID_EVENTS = new Set(['BidPlaced', 'MaxBidPlaced', 'MaxBidRaised']);

/** A bid's amount in its event: the amount bid, or the maximum placed or raised to. */
function amountOf(data: unknown): number | null {
  const { amount, maxAmount } = (data ?? {}) as { amount?: unknown; maxAmount?: unknown };
  const value = typeof amount === 'number' ? amount : maxAmount;
  return typeof value === 'number' ? value : null;
}

/** The one answer to a receipt the platform did not sign: no lookup, no field named. */
const INVALID_RECEIPT: ReceiptVerdict = {
  found: false,
  unchanged: false,
  mismatches: [],
  message: 'bid_receipt_invalid',
};

/** What a receipt's signature covers: every field but the signature, canonically encoded. */
export function receiptPayload(receipt: Omit<BidReceipt, 'signature'>): string {
  return canonicalJson({
    audit: 1,
    kind: 'receipt',
    lotId: receipt.lotId,
    streamVersion: receipt.streamVersion,
    serverTime: receipt.serverTime,
    amountCents: receipt.amountCents,
    eventHash: receipt.eventHash,
    checkpoint: receipt.checkpoint,
  });
}

export interface ReceiptService {
  /** The receipt of an accepted bid from the events its command recorded; undefined without a chain. */
  receiptFor(lotId: number, events: RecordedEvent[], bidderId: string): Promise<BidReceipt | undefined>;
  /** Whether the receipt's bid is in the log, unchanged, and the receipt is the platform's. */
  verify(receipt: BidReceipt): Promise<ReceiptVerdict>;
  /** The public half of the signing key (SPKI DER, base64), for auditors. */
  publicKey: string;
}

/**
 * Receipts for bidders (docs/audit.md). The latest checkpoint is read at most every
 * `checkpointTtlMs` per process, so a burst of bids costs no extra query each.
 */
export function receiptService(
  repository: AuditRepository,
  key: KeyObject,
  options: { checkpointTtlMs?: number; clock?: () => number } = {},
): ReceiptService {
  const ttl = options.checkpointTtlMs ?? 10_000;
  const clock = options.clock ?? Date.now;
  const publicKey = publicKeyText(key);
  let cached: { until: number; checkpoint: Promise<Checkpoint | null> } | null = null;
  const latestCheckpoint = () => {
    const now = clock();
    if (!cached || cached.until <= now) {
      const checkpoint = repository.latestCheckpoint().catch(() => null);
      cached = { until: now + ttl, checkpoint };
    }
    return cached.checkpoint;
  };

  return {
    publicKey,
    async receiptFor(lotId, events, bidderId) {
      const own =
        events.find((e) => BID_EVENTS.has(e.type) && (e.data as { bidderId?: string }).bidderId === bidderId) ??
        events.find((e) => BID_EVENTS.has(e.type));
      const amountCents = own ? amountOf(own.data) : null;
      if (!own?.hash || amountCents === null) return undefined;
      const checkpoint = await latestCheckpoint();
      const unsigned = {
        lotId,
        streamVersion: own.streamVersion,
        serverTime: new Date(own.meta.at).toISOString(),
        amountCents,
        eventHash: own.hash,
        checkpoint: checkpoint
          ? { id: checkpoint.id, root: checkpoint.root, signedAt: new Date(checkpoint.signedAt).toISOString() }
          : null,
      };
      return { ...unsigned, signature: signPayload(receiptPayload(unsigned), key) };
    },
    async verify(receipt) {
      // The signature first, and nothing else about an unsigned one: comparing a forged receipt's
      // fields with the log one by one would let anyone confirm another bidder's secret maximum
      // (or a hidden or private lot's events) by guessing. Only the platform's own receipt, whose
      // fields its holder already knows, is compared with the log.
      if (!verifyPayload(receiptPayload(receipt), receipt.signature, publicKey)) return INVALID_RECEIPT;
      const event = await repository.eventAt(lotStreamId(receipt.lotId), receipt.streamVersion);
      if (!event) return { found: false, unchanged: false, mismatches: [], message: 'bid_receipt_not_found' };
      const mismatches: ReceiptVerdict['mismatches'] = [];
      const previous = event.previousHash ?? (event.streamVersion === 1 ? GENESIS_HASH : null);
      if (previous === null || eventHash(event, previous) !== event.hash) mismatches.push('chain');
      if (event.hash !== receipt.eventHash) mismatches.push('eventHash');
      if (amountOf(event.data) !== receipt.amountCents) mismatches.push('amountCents');
      if (new Date(event.meta.at).toISOString() !== receipt.serverTime) mismatches.push('serverTime');
      const unchanged = mismatches.length === 0;
      return {
        found: true,
        unchanged,
        mismatches,
        message: unchanged ? 'bid_receipt_verified' : 'bid_receipt_mismatch',
      };
    },
  };
}
