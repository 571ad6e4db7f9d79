import { z } from 'zod';
import { removalBidder, removalStanding } from './bidRemoval.ts';
import { errorAnswers, idParams, money } from './common.ts';

/**
 * The auditor's replay (issue 20 §3, docs/audit.md): the auctions a caller may audit, their lots,
 * a lot's stream command by command with the standing after each, the chain's verdict for that
 * stream, and the auction's export. Read-only: administrators, and the auction managers and
 * auditors of the auction's organisation.
 */

/** An auction the caller may audit (archived ones included: an audit comes after the sale). */
export const auditAuction = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  status: z.number().int(),
  /** The short title per language code. */
  titles: z.record(z.string(), z.string()),
  dateOpen: z.string().nullable(),
});

export const auditLot = z.object({
  id: z.number().int(),
  lotNumber: z.number().int(),
  /** The name per language code. */
  names: z.record(z.string(), z.string()),
  /** How many events its stream holds (0: never opened). */
  eventCount: z.number().int(),
});

/** One event as recorded, with its hash; `bidder` and `amount` read out of `data` for people. */
export const replayEvent = z.object({
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  hash: z.string(),
  bidder: removalBidder.nullable(),
  amount: money.nullable(),
  isAutoBid: z.boolean().optional(),
  /** The event's data exactly as hashed (amounts in cents, bidders by id). */
  data: z.unknown(),
});

/** A removal's own account: who removed whose bid, why, and the standing on either side. */
export const replayRemoval = z.object({
  removedBy: removalBidder.nullable(),
  bidder: removalBidder,
  reason: z.string(),
  removedCommandIds: z.array(z.string()),
  before: removalStanding,
  after: removalStanding,
});

/** A stage sale's correction: the winner and price it replaced, the ones that now stand, and why. */
export const replayCorrection = z.object({
  previousWinner: removalBidder,
  previousPrice: money,
  winner: removalBidder,
  price: money,
  reason: z.string(),
});

/** One command: the events it produced (consecutive in the stream) and the standing after them. */
export const replayStep = z.object({
  index: z.number().int(),
  commandId: z.string(),
  /** The command, named as the engine names it (PlaceBid, PlaceMaxBid, RemoveBid, CloseLot…). */
  command: z.string(),
  /** The server's clock when the command was decided. */
  at: z.string(),
  /** Who sent it (the bidder, an operator, or null for the platform itself). */
  actor: removalBidder.nullable(),
  events: z.array(replayEvent),
  standing: removalStanding,
  removal: replayRemoval.nullable(),
  correction: replayCorrection.nullable(),
});

/** Where the stream departs from its chain (docs/audit.md, "The verifier"). */
export const chainProblem = z.object({
  kind: z.enum(['edited', 'deleted', 'inserted', 'reordered']),
  streamVersion: z.number().int(),
  detail: z.string(),
});

/** The stream's chain and the latest signed checkpoint's word on it. */
export const replayVerification = z.object({
  /** `verified`: the chain recomputes and the checkpoint (if any) signs it; `broken`: see `problem` and `checkpointFault`. */
  status: z.enum(['verified', 'broken']),
  eventCount: z.number().int(),
  headHash: z.string().nullable(),
  problem: chainProblem.nullable(),
  checkpoint: z
    .object({
      id: z.string(),
      root: z.string(),
      signedAt: z.string(),
      /** The version of this stream's head the checkpoint signed; null when it predates the stream. */
      signedVersion: z.number().int().nullable(),
      /** Set when the checkpoint's root, signature or key does not hold. */
      fault: z.string().nullable(),
    })
    .nullable(),
});

export const lotReplay = z.object({
  lotId: z.number().int(),
  auctionId: z.number().int(),
  lotNumber: z.number().int(),
  names: z.record(z.string(), z.string()),
  streamId: z.string(),
  steps: z.array(replayStep),
  verification: replayVerification,
});

export const auditReplayContract = {
  auctions: { response: { 200: z.array(auditAuction), ...errorAnswers(401, 403) } },
  lots: { params: idParams, response: { 200: z.array(auditLot), ...errorAnswers(401, 403, 404) } },
  replay: { params: idParams, response: { 200: lotReplay, ...errorAnswers(401, 403, 404) } },
} as const;

export type AuditAuction = z.infer<typeof auditAuction>;
export type AuditLot = z.infer<typeof auditLot>;
export type ReplayEvent = z.infer<typeof replayEvent>;
export type ReplayCorrection = z.infer<typeof replayCorrection>;
export type ReplayStep = z.infer<typeof replayStep>;
export type ReplayVerification = z.infer<typeof replayVerification>;
export type LotReplay = z.infer<typeof lotReplay>;
