// The answers of the leaderboard calls, as the contract (contract/src/leaderboard.ts) describes them:
// Leaderboard (GET /api/auctions/refresh-leaderboard and winner-leaderboard) and LeaderboardCard
// (one lot on it: its leader, or winner, and amount).
export type { Leaderboard, LeaderboardCard } from '@auction/contract';
