import fp from 'fastify-plugin';
import type { CurrencyView } from '../../currency/convertedMoney.ts';
import type { Language } from '../../i18n/localized.ts';
import { donationTotals, type LeaderboardMode, leaderboardCards } from '../../leaderboard/leaderboard.ts';

/** The leaderboard's reads, bound to the database once. */
export interface LeaderboardReads {
  /** One card per lot with a leader (or a winner), and the total of their amounts. */
  cards(
    auction: { id: number; allowItemsManagementByTeam: boolean },
    mode: LeaderboardMode,
    language: Language,
    currency: CurrencyView,
  ): ReturnType<typeof leaderboardCards>;
  /** The auction's standing donations, totalled beside the lots. */
  donationTotals(auctionId: number, currency: CurrencyView): ReturnType<typeof donationTotals>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leaderboard: LeaderboardReads;
  }
}

export default fp(
  async (app) => {
    const { db } = app;
    app.decorate('leaderboard', {
      cards: (auction, mode, language, currency) => leaderboardCards(db, auction, mode, language, currency),
      donationTotals: (auctionId, currency) => donationTotals(db, auctionId, currency),
    } satisfies LeaderboardReads);
  },
  { name: 'leaderboard', dependencies: ['infrastructure'] },
);
