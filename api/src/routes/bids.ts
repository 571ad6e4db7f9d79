import {
  type LotCommand,
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  maxBidOf,
  standingSummary,
} from '@auction/engine';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { accountOf } from '../accounts/auth.ts';
import { isAddressCompleted } from '../accounts/profile.ts';
import { Role } from '../accounts/roles.ts';
import { commandId, commandIdOf } from '../commandId.ts';
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

type Envelope = Pick<LotCommand, 'commandId' | 'userId' | 'at' | 'auctionActive'>;

/**
 * Bids, buys and max-bid changes (spec 001 §7). The checks that depend on who is asking
 * (spec 001 §5 rules 1–6, a locked bidder) run here; everything about the lot and its price is
 * the engine's decision, taken at the server's receive time, and the answer carries the committed
 * standing.
 */
export const bidRoutes: FastifyPluginAsync<BidRouteOptions> = async (root, { db, lotCommands }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** Everything the checks need about the lot's auction and the bidder, in one query: this is the bid path. */
  async function contextOf(lotId: number, bidderId: string) {
    const row = await db
      .selectFrom('lots')
      .innerJoin('auctions', 'auctions.id', 'lots.auction_id')
      .innerJoin('users', (join) => join.on('users.id', '=', bidderId))
      .select([
        'auctions.status',
        'auctions.url_magic_link',
        'auctions.allow_anonymous_bidding',
        'auctions.require_cc_to_bid',
        'auctions.require_address_to_bid',
        'users.roles',
        'users.address',
        'users.city',
        'users.postal_code',
        'users.province',
        'users.country',
        sql<boolean>`EXISTS (SELECT 1 FROM auction_bidders b WHERE b.auction_id = auctions.id
          AND b.user_id = users.id AND b.status = ${LOCKED})`.as('locked'),
        sql<boolean>`EXISTS (SELECT 1 FROM organization_users o WHERE o.organization_id = auctions.organization_id
          AND o.user_id = users.id)`.as('in_organization'),
      ])
      .where('lots.id', '=', lotId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'item_not_found');
    if (row.locked) throw new HttpError(403, 'bidder_locked');
    const manages =
      row.roles.includes(Role.Administrator) || (row.roles.includes(Role.AuctionManager) && row.in_organization);
    const permission = permissionToBid({
      auction: {
        urlMagicLink: row.url_magic_link,
        isActive: row.status === ACTIVE,
        allowAnonymousBidding: row.allow_anonymous_bidding,
        requireCCToBid: row.require_cc_to_bid,
        requireAddressToBid: row.require_address_to_bid,
      },
      user: {
        roles: row.roles,
        addressCompleted: isAddressCompleted(row),
        activeTrustedUrlMagicLinks: manages ? [row.url_magic_link] : [],
        // Cards arrive with the payments issue: until then an auction requiring one refuses bids.
        hasCards: false,
        hasSelectedCard: false,
      },
    });
    // The engine decides whether the auction is active at the receive time; the rest is refused here.
    if (permission.reason && permission.reason !== 'auctionNotActive') throw new HttpError(403, permission.reason);
    return { auctionActive: row.status === ACTIVE };
  }

  /**
   * The one path of every bidding call: check who asks, stamp the server's time, let the lot's
   * writer decide and append, answer the committed standing as the bidder sees it.
   */
  async function submit(
    request: FastifyRequest,
    lotId: number,
    bidderId: string,
    given: string | undefined,
    command: (envelope: Envelope) => LotCommand,
  ) {
    const { auctionActive } = await contextOf(lotId, bidderId);
    const envelope = {
      commandId: commandIdOf(request, given),
      userId: accountOf(request).id,
      at: Date.now(),
      auctionActive,
    };
    const outcome = await lotCommands.handle(lotStreamId(lotId), command(envelope));
    if (!outcome.ok) throw new HttpError(BAD_INPUT.has(outcome.reason) ? 400 : 409, outcome.reason);
    return { envelope, standing: standingAnswer(outcome.state as LotState, lotId, bidderId) };
  }

  function standingAnswer(state: LotState, lotId: number, bidderId: string) {
    const s = standingSummary(state);
    return {
      auctionLotItemId: lotId,
      lotStatus: s.lotStatus,
      price: toMoney(s.price),
      leaderUserId: s.leaderId,
      isWinning: s.leaderId === bidderId,
      bidCount: s.bidCount,
      dateCompleted: new Date(s.endsAt).toISOString(),
      initialDateCompleted: new Date(s.initialEndsAt).toISOString(),
      maxBid: toMoney(maxBidOf(state, bidderId)),
      soldQuantity: s.sold,
      remainingQuantity: s.remaining,
    };
  }

  const success = (message: string) => ({ success: true, message, messages: [message] });

  /** The max-bid calls name the user in the query; only that user (or an administrator) may act. */
  function actingFor(request: FastifyRequest, userId: string): string {
    const account = accountOf(request);
    if (userId !== account.id && !account.roles.includes(Role.Administrator)) throw new HttpError(403, 'forbidden');
    return userId;
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
      const { id: lotId } = request.params;
      const { amount, isMax, auctionLotItem_Id } = request.body;
      if (auctionLotItem_Id && auctionLotItem_Id !== lotId) {
        throw new HttpError(400, 'validation_failed', { messages: ['auctionLotItem_Id'] });
      }
      const bidderId = accountOf(request).id;
      const { envelope, standing } = await submit(request, lotId, bidderId, request.body.commandId, (e) =>
        isMax
          ? { ...e, type: 'PlaceMaxBid', bidderId, maxAmount: amount }
          : { ...e, type: 'PlaceBid', bidderId, amount },
      );
      return {
        ...success('bid_successful'),
        bid: {
          commandId: envelope.commandId,
          auctionLotItemId: lotId,
          amount: toMoney(amount),
          isMax,
          bidDate: new Date(envelope.at).toISOString(),
        },
        standing,
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
      const bidderId = accountOf(request).id;
      const { standing } = await submit(request, request.params.id, bidderId, request.body.commandId, (e) => ({
        ...e,
        type: 'BuyItem',
        bidderId,
        quantity: request.body.quantity,
      }));
      return { ...success('buy_successful'), standing };
    },
  );

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
      const { auctionLotItemId, userId } = request.query;
      const bidderId = actingFor(request, userId);
      const { standing } = await submit(request, auctionLotItemId, bidderId, request.query.commandId, (e) => ({
        ...e,
        type: 'DeleteMaxBid',
        bidderId,
      }));
      return { ...success('maxBidDeleteSuccess'), standing };
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
      const { amount, auctionLotItemId, userId } = request.query;
      const bidderId = actingFor(request, userId);
      const { standing } = await submit(request, auctionLotItemId, bidderId, request.query.commandId, (e) => ({
        ...e,
        type: 'PlaceMaxBid',
        bidderId,
        maxAmount: amount,
      }));
      return { ...success('maxBidEditSuccess'), standing };
    },
  );
};
