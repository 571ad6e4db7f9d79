import { AuctionStatus, lotsContract, permissionToBid, Role } from '@auction/contract';
import { type LotCommand, type LotState, lotStreamId, maxBidOf } from '@auction/engine';
import { bidAckSeconds, bidsTotal } from '@auction/platform/metrics';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedAccount } from '../../../accounts/auth.ts';
import { isAddressCompleted } from '../../../accounts/profile.ts';
import { clientCommandIdOf, commandIdOf } from '../../../commandId.ts';
import { HttpError } from '../../../errors.ts';
import { bidContextOf, recordAutoSelectedCard } from '../../../lots/bidContext.ts';
import { biddingAuction } from '../../../lots/biddingAuction.ts';
import { withdrawMaxPlacedDuringLock } from '../../../lots/lockedBidderMaxBids.ts';
import { lotStanding } from '../../../lots/lotStanding.ts';
import { refusalError } from '../../../lots/refusalStatus.ts';
import { givenAmount, toMoney } from '../../../money.ts';
import { markPersonalAnswer } from '../../../plugins/app/personalAnswers.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

type Envelope = Pick<LotCommand, 'commandId' | 'userId' | 'at' | 'auctionActive'>;

/**
 * What the checks need to know of the command: whether it withdraws a max (it only lowers the
 * bidder's commitment), and the currency its amount was given in, if the client named one.
 */
type Asked = { withdrawal?: boolean; currencyCode?: string | null };

/**
 * Bids, buys and max-bid changes (spec 001 §7). The checks that depend on who is asking
 * (spec 001 §5 rules 1–6, a locked bidder) run here; everything about the lot and its price is
 * the engine's decision, taken at the server's receive time, and the answer carries the committed
 * standing.
 */
const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['bids'], security: bearer });
  // Read once: the bid path makes no lookup on the instance per request.
  const { pool, lotCommands } = app;

  /**
   * Who asks and for whom, and whether they may: the token, then the account, the lot's auction
   * and the bidder in one query (bidContext.ts). The checks that depend on the bidder
   * (spec 001 §5 rules 1–6, a locked bidder) refuse here; whether the auction is active is the
   * engine's decision at the receive time.
   */
  async function authorize(request: FastifyRequest, lotId: number, forUser: string | undefined, asked: Asked) {
    const claims = await app.verifyAccessToken(request);
    const context = await bidContextOf(pool, claims.sub, lotId, forUser ?? claims.sub);
    const account = checkedAccount(claims, context.account, request);
    request.account = account;
    // The max-bid calls name the user; only that user (or an administrator) may act for them.
    if (forUser !== undefined && forUser !== account.id && !account.roles.includes(Role.Administrator)) {
      throw new HttpError(403, 'forbidden');
    }
    const { auction, bidder } = context;
    if (!auction || !bidder) throw new HttpError(404, 'item_not_found');
    if (asked.currencyCode != null && asked.currencyCode !== auction.currency) {
      throw new HttpError(400, 'invalid_currency');
    }
    // Withdrawing a max only lowers what the bidder committed to: a bidder locked out, or who no
    // longer meets the card or address rule, may still stop their max bidding for them (the
    // engine's withdrawal guard reads hidden lots the same way). Only who may see the auction holds.
    const granted = {
      account,
      bidderId: bidder.id,
      auctionId: auction.id,
      auctionActive: auction.status === AuctionStatus.Active,
    };
    if (asked.withdrawal) {
      if (!auction.visible) throw new HttpError(403, 'private_auction');
      return granted;
    }
    if (bidder.locked) throw new HttpError(403, 'bidder_locked');
    const permission = permissionToBid({
      auction: biddingAuction(auction),
      user: {
        roles: bidder.roles,
        addressCompleted: isAddressCompleted(bidder),
        activeTrustedUrlMagicLinks: bidder.manages ? [auction.url_magic_link] : [],
        hasCards: bidder.has_cards,
        hasSelectedCard: bidder.has_selected_card,
      },
    });
    if (permission.reason && permission.reason !== 'auctionNotActive') throw new HttpError(403, permission.reason);
    // Spec 001 §5: the single usable card is selected for the auction when none is (rare: once per bidder).
    if (bidder.auto_selected_card !== null) {
      await recordAutoSelectedCard(pool, bidder.id, auction.id, bidder.auto_selected_card);
    }
    return granted;
  }

  /**
   * The one path of every bidding call: check who asks, stamp the server's time, let the lot's
   * writer decide and append, answer the committed standing as the bidder sees it. `forUser` is
   * the user a max-bid call names; the others act for the caller. `accepted` is the success's
   * message key, counted with the refusals' keys in the metrics.
   */
  async function submit(
    request: FastifyRequest,
    lotId: number,
    forUser: string | undefined,
    given: string | undefined,
    accepted: string,
    asked: Asked,
    command: (envelope: Envelope, bidderId: string) => LotCommand,
  ) {
    const started = performance.now();
    const acknowledged = (outcome: 'accepted' | 'refused', key: string) => {
      bidsTotal.inc({ outcome, key });
      bidAckSeconds.observe({ outcome }, (performance.now() - started) / 1000);
    };
    try {
      const answer = await decide(request, lotId, forUser, given, asked, command);
      acknowledged('accepted', accepted);
      return answer;
    } catch (error) {
      // Only the spec's keys become label values; anything else is one bounded `error`.
      acknowledged('refused', error instanceof HttpError ? error.message : 'error');
      throw error;
    }
  }

  async function decide(
    request: FastifyRequest,
    lotId: number,
    forUser: string | undefined,
    given: string | undefined,
    asked: Asked,
    command: (envelope: Envelope, bidderId: string) => LotCommand,
  ) {
    const { account, bidderId, auctionId, auctionActive } = await authorize(request, lotId, forUser, asked);
    const envelope = {
      commandId: commandIdOf(request, given),
      userId: account.id,
      at: Date.now(),
      auctionActive,
    };
    const asCommand = command(envelope, bidderId);
    const outcome = await lotCommands.handle(lotStreamId(lotId), asCommand);
    if (!outcome.ok) throw refusalError(outcome.reason);
    let state = outcome.state as LotState;
    // A maximum checked just before a lock and appended just after it: withdrawn here, as the lock
    // would have (lockedBidderMaxBids.ts). The bid stays recorded, so it is answered, without the max.
    if (asCommand.type === 'PlaceMaxBid' && maxBidOf(state, bidderId) !== null) {
      const placed = { auctionId, lotId, bidderId, commandId: envelope.commandId, placedBy: account.id };
      state = (await withdrawMaxPlacedDuringLock(app, placed)) ?? state;
    }
    // As the client knows it: its own key (never the scoped id), and for a retry the first outcome's time.
    const answered = {
      commandId: clientCommandIdOf(request, given) ?? envelope.commandId,
      at: outcome.duplicate ? (outcome.events[0]?.meta.at ?? envelope.at) : envelope.at,
    };
    return {
      envelope: answered,
      standing: standingAnswer(state, lotId, bidderId),
      events: outcome.events,
      bidderId,
    };
  }

  /** The committed standing as this bidder sees it: whether they lead, and their own maximum. */
  function standingAnswer(state: LotState, lotId: number, bidderId: string) {
    const s = lotStanding(lotId, state);
    return {
      auctionLotItemId: s.auctionLotItemId,
      lotStatus: s.lotStatus,
      price: s.price,
      leaderUserId: s.leaderUserId,
      isWinning: s.leaderUserId === bidderId,
      bidCount: s.bidCount,
      dateCompleted: s.dateCompleted,
      initialDateCompleted: s.initialDateCompleted,
      maxBid: toMoney(maxBidOf(state, bidderId)),
      soldQuantity: s.soldQuantity,
      remainingQuantity: s.remainingQuantity,
    };
  }

  const success = (message: string) => ({ success: true as const, message, messages: [message] });

  // The contract's amounts are what a client may send; here they become cents (the engine's
  // parser) with the currency they were given in, checked against the auction's in `authorize`.
  const bidSchema = { ...lotsContract.bid, body: lotsContract.bid.body.extend({ amount: givenAmount }) };
  const buySchema = { ...lotsContract.buy, body: lotsContract.buy.body.extend({ amount: givenAmount.optional() }) };
  const modifyMaxBidSchema = {
    ...lotsContract.modifyMaxBid,
    querystring: lotsContract.modifyMaxBid.querystring.extend({ amount: givenAmount }),
  };
  // A command's answer is a few hundred bytes, under the compression threshold: without the
  // compression's per-answer hook, the closing minute's hot path does not even ask. The personal
  // answers' hook returns at once too: two headers set as the request comes in mark them personal.
  const hotPath = { compress: false, config: { ownCaching: true }, onRequest: markPersonalAnswer } as const;

  app.post(
    '/api/bids/auctionlotitem/:id/bid',
    {
      ...hotPath,
      schema: {
        summary: 'Bid, or place or raise a maximum (automatic) bid with isMax; answers the committed standing',
        ...bidSchema,
      },
    },
    async (request) => {
      const { id: lotId } = request.params;
      const { amount: given, isMax, auctionLotItem_Id } = request.body;
      const amount = given.cents;
      if (auctionLotItem_Id && auctionLotItem_Id !== lotId) {
        throw new HttpError(400, 'validation_failed', { messages: ['auctionLotItem_Id'] });
      }
      const { envelope, standing, events, bidderId } = await submit(
        request,
        lotId,
        undefined,
        request.body.commandId,
        'bid_successful',
        { currencyCode: given.currencyCode },
        (e, bidderId) =>
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
        receipt: await app.auditReceipts.receiptFor(lotId, events, bidderId),
      };
    },
  );

  app.post(
    '/api/bids/auctionlotitem/:id/buy',
    {
      ...hotPath,
      schema: {
        summary: 'Buy a quantity of a fixed-price lot at its price',
        ...buySchema,
      },
    },
    async (request) => {
      const { standing } = await submit(
        request,
        request.params.id,
        undefined,
        request.body.commandId,
        'buy_successful',
        { currencyCode: request.body.amount?.currencyCode },
        (e, bidderId) => ({
          ...e,
          type: 'BuyItem',
          bidderId,
          quantity: request.body.quantity,
        }),
      );
      return { ...success('buy_successful'), standing };
    },
  );

  app.delete(
    '/api/bids/delete-max-bid',
    {
      ...hotPath,
      schema: {
        summary: "Delete the user's maximum bid on a lot (standing bids stay)",
        ...lotsContract.deleteMaxBid,
      },
    },
    async (request) => {
      const { auctionLotItemId, userId } = request.query;
      const { standing } = await submit(
        request,
        auctionLotItemId,
        userId,
        request.query.commandId,
        'maxBidDeleteSuccess',
        { withdrawal: true },
        (e, bidderId) => ({
          ...e,
          type: 'DeleteMaxBid',
          bidderId,
        }),
      );
      return { ...success('maxBidDeleteSuccess'), standing };
    },
  );

  app.patch(
    '/api/bids/modify-max-bid',
    {
      ...hotPath,
      schema: {
        summary: "Raise the user's maximum bid on a lot",
        ...modifyMaxBidSchema,
      },
    },
    async (request) => {
      const { amount, auctionLotItemId, userId } = request.query;
      const { standing } = await submit(
        request,
        auctionLotItemId,
        userId,
        request.query.commandId,
        'maxBidEditSuccess',
        { currencyCode: amount.currencyCode },
        (e, bidderId) => ({
          ...e,
          type: 'PlaceMaxBid',
          bidderId,
          maxAmount: amount.cents,
        }),
      );
      return { ...success('maxBidEditSuccess'), standing };
    },
  );
};

export default bidRoutes;
