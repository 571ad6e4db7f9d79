import { randomUUID } from 'node:crypto';
import { type LotCommand, type LotCommandHandler, type LotState, lotStreamId, standing } from '@auction/engine';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../accounts/auth.ts';
import { isAddressCompleted } from '../accounts/profile.ts';
import { Role } from '../accounts/roles.ts';
import { HttpError } from '../errors.ts';
import { permissionToBid } from '../lots/permissionToBid.ts';
import { amountInCents, toMoney } from '../money.ts';

const tags = ['bids'];
const security = [{ bearer: [] }];
const ACTIVE = 3;
const LOCKED = 3;

/** Engine refusals that mean the request itself was malformed; the others are the lot's state. */
const BAD_INPUT = new Set(['invalid_amount', 'invalid_quantity', 'proxy_not_allowed']);

export interface BidRouteOptions {
  db: Db;
  lotCommands: LotCommandHandler;
}

/** The client's idempotency key: a body `commandId` or an `Idempotency-Key` header (DESIGN.md §2). */
const commandId = z.string().trim().min(8).max(100).optional();
function commandIdOf(request: FastifyRequest, fromBody?: string): string {
  const header = request.headers['idempotency-key'];
  return fromBody ?? (typeof header === 'string' && header.length >= 8 ? header.slice(0, 100) : randomUUID());
}

/**
 * Bids, buys and max-bid changes (spec 001 §7). The checks that depend on who is asking
 * (spec 001 §5 rules 1–6, a locked bidder) run here; everything about the lot and its price is
 * the engine's decision, taken at the server's receive time, and the answer carries the committed
 * standing.
 */
export const bidRoutes: FastifyPluginAsync<BidRouteOptions> = async (root, { db, lotCommands }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function contextOf(lotId: number, userId: string) {
    const lot = await db
      .selectFrom('lots')
      .innerJoin('auctions', 'auctions.id', 'lots.auction_id')
      .select([
        'lots.id',
        'lots.lot_number',
        'lots.auction_id',
        'auctions.status',
        'auctions.organization_id',
        'auctions.url_magic_link',
        'auctions.allow_anonymous_bidding',
        'auctions.require_cc_to_bid',
        'auctions.require_address_to_bid',
      ])
      .where('lots.id', '=', lotId)
      .executeTakeFirst();
    if (!lot) throw new HttpError(404, 'item_not_found');
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const bidderStatus = await db
      .selectFrom('auction_bidders')
      .select('status')
      .where('auction_id', '=', lot.auction_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (bidderStatus?.status === LOCKED) throw new HttpError(403, 'bidder_locked');
    const manages =
      user.roles.includes(Role.Administrator) ||
      (user.roles.includes(Role.AuctionManager) &&
        (await db
          .selectFrom('organization_users')
          .select('user_id')
          .where('organization_id', '=', lot.organization_id)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined);
    const permission = permissionToBid({
      auction: {
        urlMagicLink: lot.url_magic_link,
        isActive: lot.status === ACTIVE,
        allowAnonymousBidding: lot.allow_anonymous_bidding,
        requireCCToBid: lot.require_cc_to_bid,
        requireAddressToBid: lot.require_address_to_bid,
      },
      user: {
        roles: user.roles,
        addressCompleted: isAddressCompleted(user),
        activeTrustedUrlMagicLinks: manages ? [lot.url_magic_link] : [],
        // Cards arrive with the payments issue: until then an auction requiring one refuses bids.
        hasCards: false,
        hasSelectedCard: false,
      },
    });
    // The engine decides whether the auction is active at the receive time; the rest is refused here.
    if (permission.reason && permission.reason !== 'auctionNotActive') throw new HttpError(403, permission.reason);
    return { lot, auctionActive: lot.status === ACTIVE };
  }

  async function run(request: FastifyRequest, lotId: number, command: LotCommand) {
    const outcome = await lotCommands.handle(lotStreamId(lotId), command);
    if (!outcome.ok) {
      throw new HttpError(BAD_INPUT.has(outcome.reason) ? 400 : 409, outcome.reason);
    }
    request.log.info(
      { lotId, commandId: command.commandId, type: command.type, duplicate: outcome.duplicate },
      'command',
    );
    return outcome;
  }

  function standingAnswer(state: LotState, lotId: number, userId: string) {
    const s = standing(state);
    return {
      auctionLotItemId: lotId,
      lotStatus: s.lotStatus,
      price: toMoney(s.price),
      leaderUserId: s.leaderId,
      isWinning: s.leaderId === userId,
      bidCount: s.bidCount,
      dateCompleted: new Date(s.endsAt).toISOString(),
      initialDateCompleted: new Date(s.initialEndsAt).toISOString(),
      maxBid: toMoney(s.maxBids[userId] ?? null),
      soldQuantity: s.sold,
      remainingQuantity: s.remaining,
    };
  }

  const lotParams = z.object({ id: z.coerce.number().int().positive() });

  app.post(
    '/bids/auctionlotitem/:id/bid',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Bid, or place or raise a maximum (automatic) bid with isMax; answers the committed standing',
        params: lotParams,
        body: z.object({
          amount: amountInCents,
          isMax: z.boolean().default(false),
          auctionLotItem_Id: z.coerce.number().int().positive().optional(),
          paymentInformation_Id: z.coerce.number().int().nullish(),
          commandId,
        }),
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const lotId = request.params.id;
      if (request.body.auctionLotItem_Id && request.body.auctionLotItem_Id !== lotId) {
        throw new HttpError(400, 'validation_failed', { messages: ['auctionLotItem_Id'] });
      }
      const { auctionActive } = await contextOf(lotId, userId);
      const envelope = {
        commandId: commandIdOf(request, request.body.commandId),
        userId,
        at: Date.now(),
        auctionActive,
      };
      const command: LotCommand = request.body.isMax
        ? { ...envelope, type: 'PlaceMaxBid', bidderId: userId, maxAmount: request.body.amount }
        : { ...envelope, type: 'PlaceBid', bidderId: userId, amount: request.body.amount };
      const outcome = await run(request, lotId, command);
      return {
        success: true,
        message: 'bid_successful',
        messages: ['bid_successful'],
        bid: {
          commandId: command.commandId,
          auctionLotItemId: lotId,
          amount: toMoney(request.body.amount),
          isMax: request.body.isMax,
          bidDate: new Date(command.at).toISOString(),
        },
        standing: standingAnswer(outcome.state as LotState, lotId, userId),
      };
    },
  );

  app.post(
    '/bids/auctionlotitem/:id/buy',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Buy a quantity of a fixed-price lot at its price',
        params: lotParams,
        body: z.object({
          quantity: z.coerce.number().int().min(1).max(10_000).default(1),
          amount: amountInCents.optional(),
          auctionLotItem_Id: z.coerce.number().int().positive().optional(),
          paymentInformation_Id: z.coerce.number().int().nullish(),
          commandId,
        }),
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const lotId = request.params.id;
      const { auctionActive } = await contextOf(lotId, userId);
      const command: LotCommand = {
        commandId: commandIdOf(request, request.body.commandId),
        userId,
        at: Date.now(),
        auctionActive,
        type: 'BuyItem',
        bidderId: userId,
        quantity: request.body.quantity,
      };
      const outcome = await run(request, lotId, command);
      return {
        success: true,
        message: 'buy_successful',
        messages: ['buy_successful'],
        standing: standingAnswer(outcome.state as LotState, lotId, userId),
      };
    },
  );

  /** The max-bid calls name the user in the query; only that user (or an administrator) may act. */
  function actingFor(request: FastifyRequest, userId: string): string {
    const account = accountOf(request);
    if (userId !== account.id && !account.roles.includes(Role.Administrator)) throw new HttpError(403, 'forbidden');
    return userId;
  }

  app.delete(
    '/bids/delete-max-bid',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Delete the user's maximum bid on a lot (standing bids stay)",
        querystring: z.object({ auctionLotItemId: z.coerce.number().int().positive(), userId: z.uuid(), commandId }),
      },
    },
    async (request) => {
      const bidderId = actingFor(request, request.query.userId);
      const lotId = request.query.auctionLotItemId;
      const { auctionActive } = await contextOf(lotId, bidderId);
      const command: LotCommand = {
        commandId: commandIdOf(request, request.query.commandId),
        userId: accountOf(request).id,
        at: Date.now(),
        auctionActive,
        type: 'DeleteMaxBid',
        bidderId,
      };
      const outcome = await run(request, lotId, command);
      return {
        success: true,
        message: 'maxBidDeleteSuccess',
        messages: ['maxBidDeleteSuccess'],
        standing: standingAnswer(outcome.state as LotState, lotId, bidderId),
      };
    },
  );

  app.patch(
    '/bids/modify-max-bid',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Raise the user's maximum bid on a lot",
        querystring: z.object({
          amount: amountInCents,
          auctionLotItemId: z.coerce.number().int().positive(),
          userId: z.uuid(),
          commandId,
        }),
      },
    },
    async (request) => {
      const bidderId = actingFor(request, request.query.userId);
      const lotId = request.query.auctionLotItemId;
      const { auctionActive } = await contextOf(lotId, bidderId);
      const command: LotCommand = {
        commandId: commandIdOf(request, request.query.commandId),
        userId: accountOf(request).id,
        at: Date.now(),
        auctionActive,
        type: 'PlaceMaxBid',
        bidderId,
        maxAmount: request.query.amount,
      };
      const outcome = await run(request, lotId, command);
      return {
        success: true,
        message: 'maxBidEditSuccess',
        messages: ['maxBidEditSuccess'],
        standing: standingAnswer(outcome.state as LotState, lotId, bidderId),
      };
    },
  );
};
