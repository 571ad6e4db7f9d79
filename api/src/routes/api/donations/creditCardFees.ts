import { auctionsContract, BidderStatus, isAuctionClosed } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { HttpError } from '../../../errors.ts';
import { bearer } from '../../../routeDocs.ts';

/**
 * Spec 001 §4 donation flow: when the auction bills card fees to the client, the bidder accepts or
 * refuses them once (the thank-you dialog asks); the decision is theirs alone, and it is closed
 * once the auction is past Active. Spec 001 §7 names the path's two parameters `{a}/{b}`: here
 * they are the auction id and the decision (`true`/`false`).
 */
const creditCardFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auctionsRepository: auctions, authorization } = app;

  app.post(
    '/api/auctions/auction-bidder-has-accepted-credit-card-fees/:auctionId/:accepted',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auction bidders'],
        security: bearer,
        summary: "The signed-in bidder accepts (true) or refuses (false) the auction's credit card fees",
        ...auctionsContract.creditCardFees,
      },
    },
    async (request) => {
      const { auctionId, accepted } = request.params;
      const userId = accountOf(request).id;
      const auction = await auctions.creditCardFeesOf(auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      // Before anything about the auction is told or written: deciding would make a stranger one of
      // a private auction's bidders (and list it among their auctions).
      await authorization.requireVisibleAuction(auction, userId);
      if (!auction.bill_credit_card_fees_to_client) throw new HttpError(409, 'credit_card_fees_not_billed');
      if (isAuctionClosed(auction.status)) throw new HttpError(409, 'auctionNotActive');
      const current = await auctions.bidder(auctionId, userId);
      if (current?.status === BidderStatus.Locked) throw new HttpError(403, 'bidder_locked');
      // Deciding on fees is taking part: a bidder with no status yet becomes Visited.
      const row = await auctions.setCreditCardFeesAccepted(auctionId, userId, accepted);
      return {
        success: true as const,
        auctionId,
        auctionBidderStatus: row.status,
        bidderHasAcceptedCreditCardFees: row.has_accepted_credit_card_fees,
      };
    },
  );
};

export default creditCardFeeRoutes;
