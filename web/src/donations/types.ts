import type { Money } from '../lib/money.ts';

/** GET /api/auctions/donations: the signed-in user's donations to one auction. */
export interface DonationList {
  count: number;
  total: Money;
  items: Array<{ id: string; amount: Money; dateCreated: string }>;
}
