import { BidderStatus, isAuctionClosed } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../accounts/auth.ts';
import { HttpError } from '../errors.ts';
import { booleanish, rowId } from '../validation.ts';

/**
 * Spec 001 §4 donation flow: when the auction bills card fees to the client, the bidder accepts or
 * refuses them once (the thank-you dialog asks); the decision is theirs alone, and it is closed
 * once the auction is past Active. Spec 001 §7 names the path's two parameters `{a}/{b}`: here
 * they are the auction id and the decision (`true`/`false`).
 */
export const creditCardFeeRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auctions/auction-bidder-has-accepted-credit-card-fees/:auctionId/:accepted',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auction bidders'],
        security: [{ bearer: [] }],
        summary: "The signed-in bidder accepts (true) or refuses (false) the auction's credit card fees",
        params: z.object({ auctionId: rowId, accepted: booleanish }),
      },
    },
    async (request) => {
      const { auctionId, accepted } = request.params;
      const userId = accountOf(request).id;
      const auction = await db
        .selectFrom('auctions')
        .select(['id', 'status', 'bill_credit_card_fees_to_client'])
        .where('id', '=', auctionId)
        .executeTakeFirst();
      if (!auction) throw new HttpError(404, 'auction_not_found');
      if (!auction.bill_credit_card_fees_to_client) throw new HttpError(409, 'credit_card_fees_not_billed');
      if (isAuctionClosed(auction.status)) throw new HttpError(409, 'auctionNotActive');
      const current = await db
        .selectFrom('auction_bidders')
        .select('status')
        .where('auction_id', '=', auctionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (current?.status === BidderStatus.Locked) throw new HttpError(403, 'bidder_locked');
      // Deciding on fees is taking part: a bidder with no status yet becomes Visited.
      const row = await db
        .insertInto('auction_bidders')
        .values({
          auction_id: auctionId,
          user_id: userId,
          status: BidderStatus.Visited,
          has_accepted_credit_card_fees: accepted,
        })
        .onConflict((oc) =>
          oc
            .columns(['auction_id', 'user_id'])
            .doUpdateSet({ has_accepted_credit_card_fees: accepted, updated_at: new Date() }),
        )
        .returning(['status', 'has_accepted_credit_card_fees'])
        .executeTakeFirstOrThrow();
      return {
        success: true,
        auctionId,
        auctionBidderStatus: row.status,
        bidderHasAcceptedCreditCardFees: row.has_accepted_credit_card_fees,
      };
    },
  );
};
