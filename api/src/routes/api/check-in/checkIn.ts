import { BidderStatus, biddersContract } from '@auction/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { LIMITS } from '../../../accounts/rateLimits.ts';
import { organizationsFor } from '../../../authorization/organizationRules.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * Check-in at the door (issue 19 §5, docs/console.md): a volunteer or manager of the auction's
 * organisation finds a guest by name or phone, marks them arrived (once: who and when are kept),
 * or registers a walk-in. Another organisation's auction answers 404 `auction_not_found`.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['check-in'] });
  const { authorization, guests } = app;

  async function checkInAuction(request: FastifyRequest, auctionId: number) {
    const actor = await authorization.actorOf(accountOf(request));
    await authorization.authorizeOn(actor, 'checkIn', 'auction', auctionId);
    return actor;
  }

  app.get(
    '/api/check-in/auctions',
    {
      schema: {
        summary: 'The auctions the caller may check guests in to',
        ...biddersContract.checkInAuctions,
      },
    },
    async (request) => {
      const actor = await authorization.actorOf(accountOf(request));
      return guests.auctionsFor(organizationsFor(actor, 'checkIn'));
    },
  );

  app.get(
    '/api/check-in/auctions/:id/guests',
    {
      schema: {
        summary: "An auction's guests by name or phone, with arrivals",
        ...biddersContract.guests,
      },
    },
    async (request) => {
      await checkInAuction(request, request.params.id);
      return guests.search(request.params.id, request.query.q);
    },
  );

  app.post(
    '/api/check-in/auctions/:id/guests/:userId/arrival',
    {
      schema: {
        summary: 'Marks a guest arrived (idempotent: the first arrival and who recorded it are kept)',
        ...biddersContract.arrival,
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const actor = await checkInAuction(request, id);
      const guest = await guests.one(id, userId);
      if (!guest) throw new HttpError(404, 'guest_not_found');
      // A locked bidder is not let in by a volunteer: an operator unlocks them first.
      if (guest.status === BidderStatus.Locked) throw new HttpError(409, 'bidder_locked');
      const marked = await guests.markArrived(id, userId, actor.userId);
      const now = await guests.one(id, userId);
      return { guest: now ?? guest, alreadyArrived: !marked };
    },
  );

  app.post(
    '/api/check-in/auctions/:id/walk-ins',
    {
      config: { limits: LIMITS.walkIn },
      schema: {
        summary: 'Registers a walk-in: finds or creates the account (or texts the invitation) and checks them in',
        ...biddersContract.walkIn,
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = await checkInAuction(request, id);
      const { firstName, lastName, email, phoneNumber, language } = request.body;
      const result = await app.walkIns.register(
        id,
        { firstName, lastName, email, phoneNumber, language: language ?? languageOf(request) },
        actor.userId,
      );
      if (!result.userId) {
        return {
          outcome: result.outcome,
          guest: null,
          message: result.outcome === 'stop' ? 'user_has_send_stop_date' : 'invitation_sent',
        };
      }
      const found = await guests.one(id, result.userId);
      if (found?.status === BidderStatus.Locked) throw new HttpError(409, 'bidder_locked');
      await guests.markArrived(id, result.userId, actor.userId);
      const guest = await guests.one(id, result.userId);
      if (!guest) throw new HttpError(404, 'guest_not_found');
      return {
        outcome: result.outcome,
        guest,
        message: result.outcome === 'created' ? 'account_created' : 'guest_arrived',
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
