import { DuplicateCommandError, type EventStore, type RecordedEvent, WrongExpectedVersionError } from '@auction/engine';
import type { Db } from '@auction/platform';
import {
  type DonationDeleted,
  type DonationReceived,
  donationDeletionCommandId,
  donationStreamId,
} from '@auction/projections';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../accounts/auth.ts';
import { OPERATOR_ROLES } from '../accounts/roles.ts';
import { requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { mayViewAuction } from '../authorization/auctionVisibility.ts';
import { actorOf } from '../authorization/organizationAccess.ts';
import { mayActOn } from '../authorization/organizationRules.ts';
import { type CurrencyView, moneyIn } from '../currency/convertedMoney.ts';
import { decideDeletion, decideDonation, sameDonation } from '../donations/donationDecision.ts';
import { donationAuction, donorContext, userDonations } from '../donations/donationRepository.ts';
import { HttpError } from '../errors.ts';
import { permissionToBid } from '../lots/permissionToBid.ts';
import { amountInCents } from '../money.ts';
import { mayManage, operatorScope } from '../operator/operatorScope.ts';
import { rowId } from '../validation.ts';

const tags = ['donations'];

export interface DonationRouteOptions {
  db: Db;
  eventStore: EventStore;
}

/** A client-generated id: the donation's name and its idempotency key. */
const donationId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'invalid_donation_id');

/** Donations are at most this many cents (1,000,000.00): a typing slip, not a gift. */
const MAX_DONATION = 100_000_000;

/** The spec's `{ value, currencyCode }` (CAD, the auction's currency), or a bare amount. */
const donationAmount = z
  .union([
    z.object({ value: z.union([z.number(), z.string().max(32)]), currencyCode: z.literal('CAD').optional() }),
    z.number(),
    z.string().max(32),
  ])
  .pipe(amountInCents)
  .refine((cents) => cents <= MAX_DONATION, 'invalid_amount');

const success = (message: string) => ({ success: true, message, messages: [message] });

type Received = DonationReceived['data'];

function donationAnswer(received: Received, at: number, view: CurrencyView) {
  return {
    id: received.donationId,
    auctionId: received.auctionId,
    userId: received.userId,
    amount: moneyIn(view, received.amount),
    dateCreated: new Date(at).toISOString(),
  };
}

/** A donation's stream as (received, deleted): what has happened to it so far. */
function historyOf(events: RecordedEvent[]): { received: Received; at: number; deleted: boolean } | null {
  const first = events[0];
  if (first?.type !== 'DonationReceived') return null;
  return {
    received: first.data as Received,
    at: first.meta.at,
    deleted: events.some((e) => e.type === 'DonationDeleted'),
  };
}

/**
 * Donations (spec 001 §2 donation screen, §4 donation flow, §7 calls). A donation is an event in
 * its own stream (`donation-<id>`), appended only when the stream does not exist yet, so the
 * client's id makes the call idempotent; the donations read model and the hub's DonationReceived
 * come from the projections. Choices are in docs/donations.md.
 */
export const donationRoutes: FastifyPluginAsync<DonationRouteOptions> = async (root, { db, eventStore }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** The first outcome of a donation id already used: the same donation again, or a conflict. */
  function retried(
    history: NonNullable<ReturnType<typeof historyOf>>,
    auctionId: number,
    request: Parameters<typeof sameDonation>[2],
    view: CurrencyView,
  ) {
    if (!sameDonation(history.received, auctionId, request)) throw new HttpError(409, 'donation_id_conflict');
    return { ...success('donation_successful'), donation: donationAnswer(history.received, history.at, view) };
  }

  app.post(
    '/auctions/donations',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Donate to an auction; the client-generated id is the idempotency key',
        body: z.object({
          id: donationId,
          auctionId: rowId,
          userId: z.uuid().nullish(),
          amount: donationAmount,
          dateCreated: z.iso.datetime({ offset: true }).nullish(),
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const account = request.account;
      // Someone else's name is never given: an anonymous donor has none, a signed-in one their own.
      if (body.userId && body.userId !== account?.id) throw new HttpError(403, 'forbidden');
      const donation = {
        donationId: body.id,
        userId: account?.id ?? null,
        amount: body.amount,
        clientDateCreated: body.dateCreated ? Date.parse(body.dateCreated) : null,
      };
      const view = app.currencyOf(request);
      const streamId = donationStreamId(body.id);
      const earlier = historyOf(await eventStore.readStream(streamId));
      if (earlier) return retried(earlier, body.auctionId, donation, view);

      const auction = await donationAuction(db, body.auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      const donor = account ? await donorContext(db, auction, account.id) : null;
      if (donor?.locked) throw new HttpError(403, 'bidder_locked');
      const permission = permissionToBid({
        auction: {
          urlMagicLink: auction.urlMagicLink,
          isActive: auction.status === 3,
          allowAnonymousBidding: auction.allowAnonymousBidding,
          requireCCToBid: auction.requireCCToBid,
          requireAddressToBid: auction.requireAddressToBid,
          // A private auction takes donations only from those who may see it.
          visible: mayViewAuction(auction, donor?.viewer ?? null),
        },
        user: donor
          ? {
              roles: donor.roles,
              addressCompleted: donor.addressCompleted,
              activeTrustedUrlMagicLinks: donor.manages ? [auction.urlMagicLink] : [],
              // Cards arrive with the payments issue: until then an auction requiring one refuses donations.
              hasCards: false,
              hasSelectedCard: false,
            }
          : null,
      });
      // An inactive auction is the decision's refusal (409), like the engine's for bids.
      if (permission.reason && permission.reason !== 'auctionNotActive') {
        throw new HttpError(permission.reason === 'user_must_be_logged_in' ? 401 : 403, permission.reason);
      }
      const decision = decideDonation(auction, donation);
      if (!decision.ok) throw new HttpError(decision.reason === 'invalid_donation_amount' ? 400 : 409, decision.reason);

      const at = Date.now();
      try {
        await eventStore.appendToStream(
          streamId,
          [{ ...decision.event, meta: { commandId: body.id, userId: donation.userId, at } }],
          0,
        );
      } catch (error) {
        if (!(error instanceof DuplicateCommandError || error instanceof WrongExpectedVersionError)) throw error;
        // The same id raced in from another request: answer the first outcome.
        const raced = historyOf(await eventStore.readStream(streamId));
        if (!raced) throw error;
        return retried(raced, body.auctionId, donation, view);
      }
      return { ...success('donation_successful'), donation: donationAnswer(decision.event.data, at, view) };
    },
  );

  app.get(
    '/auctions/donations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "A bidder's donations to an auction, largest first, with their count and total",
        querystring: z.object({ auctionId: rowId, userId: z.uuid().optional() }),
      },
    },
    async (request) => {
      const { auctionId } = request.query;
      const userId = request.query.userId ?? accountOf(request).id;
      const auction = await donationAuction(db, auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      await requireVisibleAuction(
        db,
        { id: auction.id, type: auction.type, organization_id: auction.organizationId },
        accountOf(request).id,
      );
      await mayReadDonationsOf(request, userId, auction.organizationId);
      const view = app.currencyOf(request);
      const { rows, feesAccepted } = await userDonations(db, auctionId, userId);
      const total = rows.reduce((sum, row) => sum + row.amount, 0);
      return {
        auctionId,
        userId,
        count: rows.length,
        total: moneyIn(view, total),
        billCreditCardFeesToClient: auction.billCreditCardFeesToClient,
        bidderHasAcceptedCreditCardFees: feesAccepted,
        items: rows.map((row) => ({
          id: row.donation_id,
          auctionId,
          userId,
          amount: moneyIn(view, row.amount),
          dateCreated: row.donated_at.toISOString(),
        })),
      };
    },
  );

  /** Only the donor reads their donations, or an operator of the auction's organisation. */
  async function mayReadDonationsOf(request: FastifyRequest, userId: string, organizationId: number) {
    const account = accountOf(request);
    if (userId === account.id) return;
    if (!mayActOn(await actorOf(db, account), 'manage', organizationId)) throw new HttpError(403, 'forbidden');
  }

  app.delete(
    '/auctions/donations/:id',
    {
      preHandler: app.requireRoles(OPERATOR_ROLES),
      schema: {
        tags: ['operator'],
        security: [{ bearer: [] }],
        summary: 'Operator: delete a donation (its invoice line goes, the hub hears DonationDeleted); idempotent',
        params: z.object({ id: donationId }),
      },
    },
    async (request) => {
      const streamId = donationStreamId(request.params.id);
      const events = await eventStore.readStream(streamId);
      const history = historyOf(events);
      if (!history) throw new HttpError(404, 'donation_not_found');
      const auction = await donationAuction(db, history.received.auctionId);
      // Another organisation's donation does not exist for this operator.
      if (!auction || !mayManage(await operatorScope(db, request), auction.organizationId)) {
        throw new HttpError(404, 'donation_not_found');
      }
      const deletion: DonationDeleted | null = decideDeletion(history.received, history.deleted);
      if (deletion) {
        const meta = {
          commandId: donationDeletionCommandId(request.params.id),
          userId: accountOf(request).id,
          at: Date.now(),
        };
        try {
          await eventStore.appendToStream(streamId, [{ ...deletion, meta }], events.length);
        } catch (error) {
          // Deleted meanwhile by another request: the outcome is the same.
          if (!(error instanceof DuplicateCommandError || error instanceof WrongExpectedVersionError)) throw error;
        }
      }
      const view = app.currencyOf(request);
      return { ...success('donation_deleted'), donation: donationAnswer(history.received, history.at, view) };
    },
  );
};
