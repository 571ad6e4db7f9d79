import type { donationList } from '@auction/contract';
import type { z } from 'zod';

/** GET /api/auctions/donations: the signed-in user's donations to one auction (contract/src/donations.ts). */
export type DonationList = z.infer<typeof donationList>;
