import { AuctionStatus, donationsContract, MAX_DONATION_CENTS, permissionToBid } from '@auction/contract';
import {
  type DonationState,
  donationDeletionCommandId,
  donationStreamId,
  KEY_REUSED,
  sameDonation,
  scopedCommandId,
} from '@auction/engine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../../accounts/auth.ts';
import { OPERATOR_ROLES } from '../../../accounts/roles.ts';
import { mayViewAuction } from '../../../authorization/auctionVisibility.ts';
import { mayActOn } from '../../../authorization/organizationRules.ts';
import { type CurrencyView, moneyIn } from '../../../currency/convertedMoney.ts';
import { HttpError } from '../../../errors.ts';
import { amountInCents } from '../../../money.ts';
import { mayManage } from '../../../operator/operatorScope.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** The contract's amount as a client sends it, in cents here (the engine's parser), at most 1,000,000.00. */
const donationAmount = donationsContract.donate.body.shape.amount
  .transform((amount, ctx) => {
    const cents = amountInCents.safeParse(amount);
    if (cents.success) return cents.data;
    for (const issue of cents.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  })
  .refine((cents) => cents <= MAX_DONATION_CENTS, 'invalid_amount');
const donateSchema = {
  ...donationsContract.donate,
  body: donationsContract.donate.body.extend({ amount: donationAmount }),
};

const success = (message: string) => ({ success: true as const, message, messages: [message] });

type Received = NonNullable<DonationState['received']>;

function donationAnswer(received: Received, view: CurrencyView) {
  return {
    id: received.donationId,
    auctionId: received.auctionId,
    userId: received.userId,
    amount: moneyIn(view, received.amount),
    dateCreated: new Date(received.at).toISOString(),
  };
}

/**
 * Donations (spec 001 §2 donation screen, §4 donation flow, §7 calls). A donation is its own stream
 * (`donation-<id>`) decided by the engine's donation decider (engine/src/donation), so the
 * client's id makes the call idempotent; the donations read model and the hub's DonationReceived
 * come from the projections. Choices are in docs/donations.md.
 */
const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['donations'] });
  const { donations: service, authorization, cardsOnFile } = app;
  const donations = service.commands;

  /** The first outcome of a donation id already used: the same donation again, or a conflict. */
  function retried(received: Received, asked: Parameters<typeof sameDonation>[1], view: CurrencyView) {
    if (!sameDonation(received, asked)) throw new HttpError(422, KEY_REUSED);
    return { ...success('donation_successful'), donation: donationAnswer(received, view) };
  }

  app.post(
    '/api/auctions/donations',
    {
      preHandler: app.identify,
      schema: {
        summary: 'Donate to an auction; the client-generated id is the idempotency key',
        ...donateSchema,
      },
    },
    async (request) => {
      const body = request.body;
      const account = request.account;
      // Someone else's name is never given: an anonymous donor has none, a signed-in one their own.
      if (body.userId && body.userId !== account?.id) throw new HttpError(403, 'forbidden');
      const donorId = account?.id ?? null;
      const asked = { auction: { id: body.auctionId }, donorId, amount: body.amount };
      const view = app.currencyOf(request);
      const streamId = donationStreamId(body.id);
      const earlier = (await donations.read(streamId)).state.received;
      if (earlier) return retried(earlier, asked, view);

      const auction = await service.auction(body.auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      const [donor, cards] = account
        ? await Promise.all([
            service.donor(auction, account.id),
            cardsOnFile.permissionCards(account.id, { id: auction.id, requireCCToBid: auction.requireCCToBid }),
          ])
        : [null, null];
      if (donor?.locked) throw new HttpError(403, 'bidder_locked');
      const permission = permissionToBid({
        auction: {
          urlMagicLink: auction.urlMagicLink,
          isActive: auction.status === AuctionStatus.Active,
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
              hasCards: cards?.hasCards ?? false,
              hasSelectedCard: cards?.hasSelectedCard ?? false,
            }
          : null,
      });
      // An inactive auction is the decision's refusal (409), like the engine's for bids.
      if (permission.reason && permission.reason !== 'auctionNotActive') {
        throw new HttpError(permission.reason === 'user_must_be_logged_in' ? 401 : 403, permission.reason);
      }
      const outcome = await donations.handle(streamId, {
        type: 'ReceiveDonation',
        // The donor's key, scoped to them as lots' keys are; an anonymous donor's to nobody.
        commandId: scopedCommandId(donorId ?? 'anonymous', body.id),
        userId: donorId,
        at: Date.now(),
        donationId: body.id,
        donorId,
        amount: body.amount,
        clientDateCreated: body.dateCreated ? Date.parse(body.dateCreated) : null,
        auction: {
          id: auction.id,
          status: auction.status,
          donationType: auction.donationType,
          donationAllowOtherAmount: auction.donationAllowOtherAmount,
          presetAmounts: auction.presetAmounts,
        },
      });
      if (outcome.ok && outcome.state.received) return retried(outcome.state.received, asked, view);
      const reason = outcome.ok ? 'donation_id_conflict' : outcome.reason;
      if (reason === KEY_REUSED || reason === 'donation_id_conflict') {
        // The same id raced in from another request: answer the first outcome, or the conflict.
        const raced = (await donations.read(streamId)).state.received;
        if (!raced) throw new HttpError(422, KEY_REUSED);
        return retried(raced, asked, view);
      }
      throw new HttpError(reason === 'invalid_donation_amount' ? 400 : 409, reason);
    },
  );

  app.get(
    '/api/auctions/donations',
    {
      preHandler: app.authenticate,
      schema: {
        security: bearer,
        summary: "A bidder's donations to an auction, largest first, with their count and total",
        ...donationsContract.list,
      },
    },
    async (request) => {
      const { auctionId } = request.query;
      const userId = request.query.userId ?? accountOf(request).id;
      const auction = await service.auction(auctionId);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      await authorization.requireVisibleAuction(
        { id: auction.id, type: auction.type, organization_id: auction.organizationId },
        accountOf(request).id,
      );
      await mayReadDonationsOf(request, userId, auction.organizationId);
      const view = app.currencyOf(request);
      const { rows, feesAccepted } = await service.ofBidder(auctionId, userId);
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
    if (!mayActOn(await authorization.actorOf(account), 'manage', organizationId))
      throw new HttpError(403, 'forbidden');
  }

  app.delete(
    '/api/auctions/donations/:id',
    {
      preHandler: app.requireRoles(OPERATOR_ROLES),
      schema: {
        tags: ['operator'],
        security: bearer,
        summary:
          'Operator: delete a donation (its invoice line goes, the hub hears DonationDeleted) until the auction is invoiced; idempotent',
        ...donationsContract.remove,
      },
    },
    async (request) => {
      const streamId = donationStreamId(request.params.id);
      const received = (await donations.read(streamId)).state.received;
      if (!received) throw new HttpError(404, 'donation_not_found');
      const auction = await service.auction(received.auctionId);
      // Another organisation's donation does not exist for this operator.
      if (!auction || !mayManage(await authorization.operatorScope(request), auction.organizationId)) {
        throw new HttpError(404, 'donation_not_found');
      }
      // Once the auction's invoices exist they bill the donation: deleting it would leave an
      // invoice charging what the read models no longer show. The auction row is held shared while
      // the deletion is appended, so invoice generation comes wholly before or after it. Deleted
      // already, or meanwhile by another request: the decider answers the same.
      const outcome = await app.invoices.unlessInvoiced(auction.id, () =>
        donations.handle(streamId, {
          type: 'DeleteDonation',
          commandId: donationDeletionCommandId(request.params.id),
          userId: accountOf(request).id,
          at: Date.now(),
          donationId: request.params.id,
        }),
      );
      if (outcome === 'lot_invoiced') {
        // A deletion made before the invoices, retried after them, still answers as it did.
        if (!(await donations.read(streamId)).state.deleted) throw new HttpError(409, 'lot_invoiced');
      } else if (!outcome.ok) throw new HttpError(404, 'donation_not_found');
      const view = app.currencyOf(request);
      return { ...success('donation_deleted'), donation: donationAnswer(received, view) };
    },
  );
};

export default donationRoutes;
