/** GET /api/auctions/donations: the signed-in user's donations to one auction (contract/src/donations.ts). */
export type { DonationList } from '@auction/contract';
