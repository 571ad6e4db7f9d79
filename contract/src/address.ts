import { z } from 'zod';

/**
 * The address lookup (spec 000 §2, §5, §7: "a maps service provides address suggestions and
 * details (US and CA only)"). The spec names no calls; ours are GET /api/addresses/suggestions and
 * GET /api/addresses/{id}.
 */
export const addressCountry = z.enum(['CA', 'US']);
export type AddressCountry = z.infer<typeof addressCountry>;

export const addressSuggestionsQuery = z.object({
  /** What the user typed: at least 3 characters (fewer match too much to help). */
  search: z.string().trim().min(3).max(120),
  /** A suggestion that holds several addresses (a building, a street): list what it holds. */
  container: z.string().trim().min(1).max(200).optional(),
  /** Only this country; both by default. */
  country: addressCountry.optional(),
});

export const addressSuggestion = z.object({
  id: z.string(),
  /** The first line, e.g. "1000 Rue Sherbrooke O". */
  text: z.string(),
  /** The rest, e.g. "Montréal, QC, H3A 3G4". */
  description: z.string(),
  /** true: choosing it lists the addresses it holds (search again with `container`). */
  isContainer: z.boolean(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
export const addressSuggestions = z.array(addressSuggestion);

export const addressDetailsParams = z.object({ id: z.string().trim().min(1).max(200) });

/** A chosen address, as the registration and profile forms take it. */
export const addressDetails = z.object({
  /** Street number and street. */
  address: z.string(),
  city: z.string(),
  /** The province or state's name in the page's language (Québec, Quebec, New York). */
  province: z.string(),
  /** Spec 000 §3: 1–13 by the province's French or English name, 99 otherwise (every state). */
  provinceEnum: z.number().int(),
  country: addressCountry,
  postalCode: z.string(),
});
export type AddressDetails = z.infer<typeof addressDetails>;
