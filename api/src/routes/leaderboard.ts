import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { accessToAuctions, requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { moneyIn } from '../currency/convertedMoney.ts';
import { HttpError } from '../errors.ts';
import {
  donationTotals,
  type LeaderboardMode,
  leaderboardCards,
  leaderboardModeOf,
} from '../leaderboard/leaderboard.ts';
import { statusOf } from '../lots/lotItemDto.ts';
import { lotQuery } from '../lots/lotRepository.ts';
import { rowId } from '../validation.ts';
import { languageOf } from '../i18n/language.ts';

const tags = ['leaderboard'];
const HEADINGS: Record<LeaderboardMode, string> = { leaders: 'leaders_list', winners: 'winners_list' };

const byLink = z.object({ urlMagicLink: z.string().trim().min(1).max(200) });

/** At most this many lots per refresh-winners call (a page of the lot list is at most 200). */
const MAX_WINNER_LOTS = 500;
const lotIds = z.array(rowId).min(1).max(MAX_WINNER_LOTS);

/**
 * The leaderboard and winners pages (spec 001 §2, §7): cards from the lot read model, the
 * auction's donations beside them, and the winner results of spec 001 §3 for lots a client saw
 * closing. Shapes are in docs/donations.md (spec 001 shows none).
 */
export const leaderboardRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function auctionOf(urlMagicLink: string, userId: string | null) {
    const auction = await db
      .selectFrom('auctions')
      .select([
        'id',
        'type',
        'organization_id',
        'status',
        'url_magic_link',
        'date_completed',
        'allow_items_management_by_team',
      ])
      .where(sql<boolean>`lower(url_magic_link) = lower(${urlMagicLink})`)
      .executeTakeFirst();
    if (!auction || auction.status === AuctionStatus.Archived) throw new HttpError(404, 'auction_not_found');
    await requireVisibleAuction(db, auction, userId);
    return auction;
  }

  /** The cards and totals of the page; the first load adds the leaderboard's banners. */
  async function board(request: FastifyRequest, urlMagicLink: string, mode: 'status' | 'winners') {
    const auction = await auctionOf(urlMagicLink, request.account?.id ?? null);
    const currency = app.currencyOf(request);
    const shown = mode === 'winners' ? 'winners' : leaderboardModeOf(auction.status);
    const [{ items, total }, donations] = await Promise.all([
      leaderboardCards(
        db,
        { id: auction.id, allowItemsManagementByTeam: auction.allow_items_management_by_team },
        shown,
        languageOf(request),
        currency,
      ),
      donationTotals(db, auction.id, currency),
    ]);
    return {
      auctionId: auction.id,
      urlMagicLink: auction.url_magic_link,
      auctionStatus: auction.status,
      mode: shown,
      heading: HEADINGS[shown],
      dateCompleted: auction.date_completed?.toISOString() ?? null,
      count: items.length,
      lotsTotal: total,
      donations,
      items,
    };
  }

  async function banners(auctionId: number) {
    const photos = await db
      .selectFrom('auction_photos')
      .select(['full_path', 'order', 'interval', 'is_used_in_english', 'is_used_in_french'])
      .where('auction_id', '=', auctionId)
      .where('is_used_as_banner_in_leaderboard', '=', true)
      .orderBy('order')
      .orderBy('id')
      .execute();
    return photos.map((p) => ({
      fullPath: p.full_path,
      order: p.order,
      interval: p.interval,
      isUsedInEnglish: p.is_used_in_english,
      isUsedInFrench: p.is_used_in_french,
    }));
  }

  app.get(
    '/auctions/leaderboard',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: "The leaderboard page: leaders (or winners once the auction is over), donations, the page's banners",
        querystring: byLink,
      },
    },
    async (request) => {
      const page = await board(request, request.query.urlMagicLink, 'status');
      return { ...page, banners: await banners(page.auctionId) };
    },
  );

  app.get(
    '/auctions/refresh-leaderboard',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'The leaderboard again, without its banners: what the page reloads on a bid or donation event',
        querystring: byLink,
      },
    },
    async (request) => board(request, request.query.urlMagicLink, 'status'),
  );

  app.get(
    '/auctions/winner-leaderboard',
    {
      preHandler: app.identify,
      schema: { tags, summary: 'The winners page: one card per lot won', querystring: byLink },
    },
    async (request) => board(request, request.query.urlMagicLink, 'winners'),
  );

  app.post(
    '/auction-lot-items/refresh-winners',
    {
      preHandler: app.identify,
      schema: {
        tags: ['lots'],
        summary: 'Winner results (spec 001 §3) of the given lots: a list of ids, or { auctionLotItemIds }',
        body: z.union([lotIds, z.object({ auctionLotItemIds: lotIds })]),
      },
    },
    async (request) => {
      const ids = [...new Set(Array.isArray(request.body) ? request.body : request.body.auctionLotItemIds)];
      const currency = app.currencyOf(request);
      const rows = await lotQuery(db, null).where('l.id', 'in', ids).orderBy('l.id').execute();
      // Lots of auctions the user may not see are left out; hidden ones are shown to those who manage them.
      const access = await accessToAuctions(
        db,
        [...new Set(rows.map((row) => row.auction_id))],
        request.account?.id ?? null,
      );
      const now = new Date();
      return rows
        .filter((row) => access.get(row.auction_id)?.visible)
        .filter((row) => access.get(row.auction_id)?.manages || !(row.is_hidden ?? row.configured_hidden))
        .map((row) => ({
          auctionLotItemId: row.id,
          winnerUserId: row.winner_id ?? null,
          auctionLotItemStatus: statusOf(row, now),
          winnerBid: row.winner_id ? moneyIn(currency, row.price ?? null) : null,
        }));
    },
  );
};
