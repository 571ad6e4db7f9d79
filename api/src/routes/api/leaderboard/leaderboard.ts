import { leaderboardContract } from '@auction/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOT_READS } from '../../../authorization/auctionAccess.ts';
import { mayViewLot } from '../../../authorization/auctionVisibility.ts';
import { moneyIn } from '../../../currency/convertedMoney.ts';
import { languageOf } from '../../../i18n/language.ts';
import { type LeaderboardMode, leaderboardModeOf } from '../../../leaderboard/leaderboard.ts';
import { statusOf } from '../../../lots/lotItemDto.ts';
import { documentRoutes } from '../../../routeDocs.ts';

const HEADINGS = { leaders: 'leaders_list', winners: 'winners_list' } as const satisfies Record<
  LeaderboardMode,
  string
>;

/**
 * The leaderboard and winners pages (spec 001 §2, §7): cards from the lot read model, the
 * auction's donations beside them, and the winner results of spec 001 §3 for lots a client saw
 * closing. Shapes are in docs/donations.md (spec 001 shows none).
 */
const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['leaderboard'] });
  const { auctionsRepository: auctions, lotsRepository: lots, leaderboard, authorization } = app;

  async function auctionOf(urlMagicLink: string, userId: string | null) {
    return authorization.visibleAuction(await auctions.leaderboardAuction(urlMagicLink), userId, LOT_READS);
  }

  /** The cards and totals of the page; the first load adds the leaderboard's banners. */
  async function board(request: FastifyRequest, urlMagicLink: string, mode: 'status' | 'winners') {
    const auction = await auctionOf(urlMagicLink, request.account?.id ?? null);
    const currency = app.currencyOf(request);
    const shown = mode === 'winners' ? 'winners' : leaderboardModeOf(auction.status);
    const [{ items, total }, donations] = await Promise.all([
      leaderboard.cards(
        { id: auction.id, allowItemsManagementByTeam: auction.allow_items_management_by_team },
        shown,
        languageOf(request),
        currency,
      ),
      leaderboard.donationTotals(auction.id, currency),
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
    const photos = await auctions.leaderboardBanners(auctionId);
    return photos.map((p) => ({
      fullPath: p.full_path,
      order: p.order,
      interval: p.interval,
      isUsedInEnglish: p.is_used_in_english,
      isUsedInFrench: p.is_used_in_french,
    }));
  }

  app.get(
    '/api/auctions/leaderboard',
    {
      preHandler: app.identify,
      schema: {
        summary: "The leaderboard page: leaders (or winners once the auction is over), donations, the page's banners",
        ...leaderboardContract.page,
      },
    },
    async (request) => {
      const page = await board(request, request.query.urlMagicLink, 'status');
      return { ...page, banners: await banners(page.auctionId) };
    },
  );

  app.get(
    '/api/auctions/refresh-leaderboard',
    {
      preHandler: app.identify,
      schema: {
        summary: 'The leaderboard again, without its banners: what the page reloads on a bid or donation event',
        ...leaderboardContract.refresh,
      },
    },
    async (request) => board(request, request.query.urlMagicLink, 'status'),
  );

  app.get(
    '/api/auctions/winner-leaderboard',
    {
      preHandler: app.identify,
      schema: { summary: 'The winners page: one card per lot won', ...leaderboardContract.winners },
    },
    async (request) => board(request, request.query.urlMagicLink, 'winners'),
  );

  app.post(
    '/api/auction-lot-items/refresh-winners',
    {
      preHandler: app.identify,
      schema: {
        tags: ['lots'],
        summary: 'Winner results (spec 001 §3) of the given lots: a list of ids, or { auctionLotItemIds }',
        ...leaderboardContract.refreshWinners,
      },
    },
    async (request) => {
      const ids = [...new Set(Array.isArray(request.body) ? request.body : request.body.auctionLotItemIds)];
      const currency = app.currencyOf(request);
      const rows = await lots.lotsWithIds(ids);
      // Lots the user may not see (their auction's or their own visibility) are left out.
      const access = await authorization.accessToAuctions(
        [...new Set(rows.map((row) => row.auction_id))],
        request.account?.id ?? null,
      );
      const now = new Date();
      return rows
        .filter((row) => {
          const auction = access.get(row.auction_id);
          return (
            auction?.lotsVisible === true &&
            mayViewLot({ hidden: row.is_hidden ?? row.configured_hidden }, auction.manages)
          );
        })
        .map((row) => ({
          auctionLotItemId: row.id,
          winnerUserId: row.winner_id ?? null,
          auctionLotItemStatus: statusOf(row, now),
          winnerBid: row.winner_id ? moneyIn(currency, row.price ?? null) : null,
        }));
    },
  );
};

export default leaderboardRoutes;
