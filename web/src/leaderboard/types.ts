import type { Money as MoneyValue } from '../lib/money.ts';

/** One lot on the leaderboard: its leader (or winner) and amount. */
export interface LeaderboardCard {
  auctionLotItemId: number;
  lotNumber: number;
  name: string;
  isWinner: boolean;
  winnerName: string | null;
  amount: MoneyValue;
  time: string | null;
  team: { id: number; name: string; backgroundColor?: string | null; textColor?: string | null } | null;
}

/** GET /api/auctions/refresh-leaderboard and winner-leaderboard. */
export interface Leaderboard {
  heading: 'leaders_list' | 'winners_list';
  dateCompleted: string | null;
  count: number;
  lotsTotal: MoneyValue;
  donations: { count: number; total: MoneyValue };
  items: LeaderboardCard[];
}
