import { AuctionStatus, auctionsContract, BIDDER_STATUS_NAMES, BidderStatus } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { LIMITS } from '../../../accounts/rateLimits.ts';
import { OPERATOR_ROLES } from '../../../accounts/roles.ts';
import { accessCodeMatches } from '../../../authorization/auctionAdmission.ts';
import { commandIdOf } from '../../../commandId.ts';
import { HttpError } from '../../../errors.ts';
import { withdrawLockedBidderMaxBids } from '../../../lots/lockedBidderMaxBids.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

const answer = (id: BidderStatus) => ({ auctionBidderStatus: id, auctionBidderStatusName: BIDDER_STATUS_NAMES[id] });

/**
 * A bidder's status in an auction (spec 000 §3): a logged-in user viewing an auction is marked
 * Visited; only an operator locks or unlocks a bidder, and a Locked bidder is denied (403
 * `bidder_locked`), whatever they send. Visiting admits no one to a private auction: an
 * invitation, an operator or the auction's access code does (docs/security.md).
 */
const auctionBidderRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['auction bidders'], security: bearer });
  const { auctionsRepository: auctions, authorization } = app;

  app.post(
    '/api/auctions/set-auction-status/:urlMagicLink/:status',
    {
      preHandler: app.authenticate,
      schema: {
        summary: "Mark the signed-in bidder's status in an auction (Invited or Visited)",
        ...auctionsContract.setOwnStatus,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const auction = await auctions.findRef(request.params.urlMagicLink);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      const current = await auctions.bidder(auction.id, userId);
      if (current?.status === BidderStatus.Locked)
        throw new HttpError(403, 'bidder_locked', answer(BidderStatus.Locked));
      await authorization.requireVisibleAuction(auction, userId);
      const wanted = request.params.status;
      if (wanted === BidderStatus.Locked) throw new HttpError(403, 'forbidden');
      // Visited never goes back to Invited.
      const next: BidderStatus = current?.status === BidderStatus.Visited ? BidderStatus.Visited : wanted;
      await auctions.setBidderStatus(auction.id, userId, next);
      return { ...answer(next), bidderHasAcceptedCreditCardFees: current?.has_accepted_credit_card_fees ?? null };
    },
  );

  app.put(
    '/api/auctions/:auctionId/bidders/:userId/status',
    {
      preHandler: app.requireRoles(OPERATOR_ROLES),
      // Any user's id is public, and a status puts them in the organisation's bidders list.
      config: { limits: LIMITS.staffByUserId },
      schema: {
        tags: ['operator'],
        summary: "Operator: set a bidder's status in an auction (Locked denies them)",
        ...auctionsContract.setBidderStatus,
      },
    },
    async (request) => {
      const { auctionId, userId } = request.params;
      // An auction manager manages their own organisations' auctions; an administrator, all.
      const actor = await authorization.actorOf(accountOf(request));
      await authorization.authorizeOn(actor, 'manage', 'auction', auctionId);
      if (!(await auctions.userExists(userId))) throw new HttpError(404, 'user_not_found');
      const next = request.body.status;
      await auctions.setBidderStatus(auctionId, userId, next, accountOf(request).id);
      // Locked stops their maximum bids too, which would otherwise go on bidding for them.
      if (next === BidderStatus.Locked) {
        const lock = { auctionId, bidderId: userId, operatorId: accountOf(request).id };
        await withdrawLockedBidderMaxBids(app, { ...lock, commandId: commandIdOf(request, request.body.commandId) });
      }
      // An operator setting Invited or Visited admits the bidder (a private auction opens to them).
      if (next !== BidderStatus.Locked) await authorization.admitBidder(auctionId, userId, next);
      return answer(next);
    },
  );

  app.post(
    '/api/auctions/:urlMagicLink/access-code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        summary: 'Admit the signed-in user to a private auction with the access code of its link (?code=)',
        ...auctionsContract.accessCode,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const auction = await auctions.accessCodeOf(request.params.urlMagicLink);
      if (!auction || auction.status === AuctionStatus.Archived) throw new HttpError(404, 'auction_not_found');
      if (!accessCodeMatches(request.body.code, auction.access_code)) throw new HttpError(403, 'invalid_access_code');
      // A locked bidder stays locked: the code admits, it does not unlock. Checked before admitting,
      // so the refusal records nothing (no admission waiting for the day the lock is lifted).
      if ((await auctions.bidder(auction.id, userId))?.status === BidderStatus.Locked) {
        throw new HttpError(403, 'bidder_locked', answer(BidderStatus.Locked));
      }
      await authorization.admitBidder(auction.id, userId, BidderStatus.Visited);
      const status = (await auctions.bidder(auction.id, userId))?.status as BidderStatus;
      // Locked meanwhile by an operator: admitBidder never unlocks, and the answer says so.
      if (status === BidderStatus.Locked) throw new HttpError(403, 'bidder_locked', answer(BidderStatus.Locked));
      return answer(status);
    },
  );
};

export default auctionBidderRoutes;
