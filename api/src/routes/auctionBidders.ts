import { AuctionStatus, BIDDER_STATUS_NAMES, BidderStatus } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccountContext } from '../accounts/accountContext.ts';
import { accountOf } from '../accounts/auth.ts';
import { OPERATOR_ROLES } from '../accounts/roles.ts';
import { findAuctionRef } from '../auctions/auctionRepository.ts';
import { requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { accessCodeMatches, admitBidder } from '../authorization/auctionAdmission.ts';
import { actorOf, authorizeOn } from '../authorization/organizationAccess.ts';
import { HttpError } from '../errors.ts';
import { rowId } from '../validation.ts';

const status = z
  .union([
    z.enum(['Invited', 'Visited', 'Locked', 'invited', 'visited', 'locked']),
    z.coerce.number().int().min(1).max(3),
  ])
  .transform((value): BidderStatus => {
    if (typeof value === 'number') return value as BidderStatus;
    return BidderStatus[(value[0]?.toUpperCase() + value.slice(1)) as keyof typeof BidderStatus];
  });

const answer = (id: BidderStatus) => ({ auctionBidderStatus: id, auctionBidderStatusName: BIDDER_STATUS_NAMES[id] });

/**
 * A bidder's status in an auction (spec 000 §3): a logged-in user viewing an auction is marked
 * Visited; only an operator locks or unlocks a bidder, and a Locked bidder is denied (403
 * `bidder_locked`), whatever they send. Visiting admits no one to a private auction: an
 * invitation, an operator or the auction's access code does (docs/security.md).
 */
export const auctionBidderRoutes: FastifyPluginAsync<AccountContext> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auctions/set-auction-status/:urlMagicLink/:status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auction bidders'],
        security: [{ bearer: [] }],
        summary: "Mark the signed-in bidder's status in an auction (Invited or Visited)",
        params: z.object({ urlMagicLink: z.string().trim().min(1).max(200), status }),
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const auction = await findAuctionRef(db, request.params.urlMagicLink);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      const current = await db
        .selectFrom('auction_bidders')
        .select(['status', 'has_accepted_credit_card_fees'])
        .where('auction_id', '=', auction.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (current?.status === BidderStatus.Locked)
        throw new HttpError(403, 'bidder_locked', answer(BidderStatus.Locked));
      await requireVisibleAuction(db, auction, userId);
      const wanted = request.params.status;
      if (wanted === BidderStatus.Locked) throw new HttpError(403, 'forbidden');
      // Visited never goes back to Invited.
      const next: BidderStatus = current?.status === BidderStatus.Visited ? BidderStatus.Visited : wanted;
      await db
        .insertInto('auction_bidders')
        .values({ auction_id: auction.id, user_id: userId, status: next })
        .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doUpdateSet({ status: next, updated_at: new Date() }))
        .execute();
      return { ...answer(next), bidderHasAcceptedCreditCardFees: current?.has_accepted_credit_card_fees ?? null };
    },
  );

  app.put(
    '/auctions/:auctionId/bidders/:userId/status',
    {
      preHandler: app.requireRoles(OPERATOR_ROLES),
      schema: {
        tags: ['operator'],
        security: [{ bearer: [] }],
        summary: "Operator: set a bidder's status in an auction (Locked denies them)",
        params: z.object({ auctionId: rowId, userId: z.uuid() }),
        body: z.object({ status }),
      },
    },
    async (request) => {
      const { auctionId, userId } = request.params;
      // An auction manager manages their own organisations' auctions; an administrator, all.
      await authorizeOn(db, await actorOf(db, accountOf(request)), 'manage', 'auction', auctionId);
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new HttpError(404, 'user_not_found');
      const next = request.body.status;
      await db
        .insertInto('auction_bidders')
        .values({ auction_id: auctionId, user_id: userId, status: next })
        .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doUpdateSet({ status: next, updated_at: new Date() }))
        .execute();
      // An operator setting Invited or Visited admits the bidder (a private auction opens to them).
      if (next !== BidderStatus.Locked) await admitBidder(db, auctionId, userId, next);
      return answer(next);
    },
  );

  app.post(
    '/auctions/:urlMagicLink/access-code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['auction bidders'],
        security: [{ bearer: [] }],
        summary: 'Admit the signed-in user to a private auction with the access code of its link (?code=)',
        params: z.object({ urlMagicLink: z.string().trim().min(1).max(200) }),
        body: z.object({ code: z.string().trim().min(1).max(100) }),
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const auction = await db
        .selectFrom('auctions')
        .select(['id', 'status', 'access_code'])
        .where(sql<boolean>`lower(url_magic_link) = lower(${request.params.urlMagicLink})`)
        .executeTakeFirst();
      if (!auction || auction.status === AuctionStatus.Archived) throw new HttpError(404, 'auction_not_found');
      if (!accessCodeMatches(request.body.code, auction.access_code)) throw new HttpError(403, 'invalid_access_code');
      await admitBidder(db, auction.id, userId, BidderStatus.Visited);
      const row = await db
        .selectFrom('auction_bidders')
        .select('status')
        .where('auction_id', '=', auction.id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      // A locked bidder stays locked: the code admits, it does not unlock.
      if (row.status === BidderStatus.Locked) throw new HttpError(403, 'bidder_locked', answer(BidderStatus.Locked));
      return answer(row.status as BidderStatus);
    },
  );
};
