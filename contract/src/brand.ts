import { z } from 'zod';

const perLanguage = z.object({ en: z.string(), fr: z.string() });

/**
 * GET /api/brand: the white-label brand of the host serving the page (spec 000 §1): its product
 * name, contact details, analytics property, and the numeric default and flag that some hosts
 * change (docs/decisions.md names them).
 */
export const brandAnswer = z.object({
  /** 1 signature, 2 pop-a-bid. */
  id: z.union([z.literal(1), z.literal(2)]),
  key: z.enum(['signature', 'pop-a-bid']),
  /** None 0, SignaturePro 1, PopABid 2. */
  providerKind: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  productName: perLanguage,
  /** The web analytics property (e.g. a GA4 measurement id); null: none configured, nothing is loaded. */
  analyticsProperty: z.string().nullable(),
  contact: z.object({ email: z.string(), phone: z.string(), website: perLanguage }),
  /** The numeric default: the top of the lot list's price range filter, in dollars. */
  priceRangeMax: z.number().int().positive(),
  /** The flag: the filter panel's "organize your own auction" link. */
  showOrganizeAuctionLink: z.boolean(),
});
export type BrandAnswer = z.infer<typeof brandAnswer>;
