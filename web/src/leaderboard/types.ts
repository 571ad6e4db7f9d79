import type { leaderboard, leaderboardCard } from '@auction/contract';
import type { z } from 'zod';

// The answers of the leaderboard calls, as the contract (contract/src/leaderboard.ts) describes them.

/** One lot on the leaderboard: its leader (or winner) and amount. */
export type LeaderboardCard = z.infer<typeof leaderboardCard>;

/** GET /api/auctions/refresh-leaderboard and winner-leaderboard. */
export type Leaderboard = z.infer<typeof leaderboard>;
