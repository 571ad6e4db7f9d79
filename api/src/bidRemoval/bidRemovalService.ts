import { AuctionStatus, type bidRemoval, isAuctionInvoiced } from '@auction/contract';
import {
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  previewRemoval,
  type RemoveBid,
  standing,
} from '@auction/engine';
import type { Db } from '@auction/platform';
import { HttpError } from '../errors.ts';
import { refusalError } from '../lots/refusalStatus.ts';
import { bidderNames } from './bidderNames.ts';
import { biddersOf, bidViews, standingView } from './removalViews.ts';

/** What the removal screens need of the auction the lot belongs to (from the operator's access check). */
export interface RemovalContext {
  lotId: number;
  auctionStatus: number;
  /** The operator previewing: the preview's command is theirs, as the removal will be. */
  userId: string;
}

export interface BidRemovalService {
  lotBids(context: RemovalContext): Promise<bidRemoval.LotBidsAnswer>;
  preview(context: RemovalContext, bidId: string): Promise<bidRemoval.RemovalPreviewAnswer>;
}

/**
 * The removal's read side. Both answers read the lot through the command handler, so they see
 * exactly the state and version the removal will be decided on; the preview runs the engine's own
 * decider on it (`previewRemoval`) and records nothing.
 */
export function bidRemovalService(db: Db, lotCommands: LotCommandHandler): BidRemovalService {
  const load = async (lotId: number) => {
    const { state, version } = await lotCommands.read(lotStreamId(lotId));
    return { state: state as LotState, version };
  };
  return {
    async lotBids({ lotId, auctionStatus }) {
      const { state, version } = await load(lotId);
      const today = standing(state);
      const nameOf = await bidderNames(db, biddersOf(today));
      return {
        auctionLotItemId: lotId,
        streamVersion: version,
        invoiced: isAuctionInvoiced(auctionStatus),
        standing: standingView(today, nameOf),
        bids: bidViews(today.bids, nameOf),
      };
    },

    async preview({ lotId, auctionStatus, userId }, bidId) {
      if (isAuctionInvoiced(auctionStatus)) throw new HttpError(409, 'lot_invoiced');
      const { state, version } = await load(lotId);
      const command: RemoveBid = {
        type: 'RemoveBid',
        bidId,
        reason: 'preview',
        // Never appended; a fresh id so the decider does not take it for a retry.
        commandId: `preview:${crypto.randomUUID()}`,
        userId,
        at: Date.now(),
        auctionActive: auctionStatus === AuctionStatus.Active,
      };
      const preview = previewRemoval(state, command);
      if (!preview.ok) throw refusalError(preview.reason);
      const removed = preview.events.find((event) => event.type === 'BidRemoved');
      const owner = removed?.type === 'BidRemoved' ? removed.data.bidderId : '';
      const nameOf = await bidderNames(db, [owner, ...biddersOf(preview.before, preview.after)]);
      return {
        auctionLotItemId: lotId,
        bidId,
        streamVersion: version,
        bidder: nameOf(owner),
        before: standingView(preview.before, nameOf),
        after: standingView(preview.after, nameOf),
        removedBids: bidViews(preview.removedBids, nameOf),
        reDerivedBids: bidViews(preview.reDerivedBids, nameOf),
      };
    },
  };
}
