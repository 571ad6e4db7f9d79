import type { AddressCountry, AddressDetails, AddressSuggestion } from '@auction/contract';

export type LookupLanguage = 'en' | 'fr';

/**
 * The address lookup the registration and profile forms search with (spec 000 §2, §5): restricted
 * to Canada and the United States. Canada Post AddressComplete when ADDRESS_COMPLETE_KEY is set,
 * a small local dataset otherwise (`npm start`, tests).
 */
export interface AddressLookup {
  readonly provider: 'canada-post' | 'local';
  suggest(query: {
    search: string;
    container?: string | undefined;
    country?: AddressCountry | undefined;
    language: LookupLanguage;
  }): Promise<AddressSuggestion[]>;
  /** null: no such address (or one outside Canada and the United States). */
  details(id: string, language: LookupLanguage): Promise<AddressDetails | null>;
}

/** The service did not answer usably (down, refused the key, over its limits): 503 for the caller. */
export class AddressLookupUnavailable extends Error {}

/** Suggestions shown at most: a phone screen's worth. */
export const MAX_SUGGESTIONS = 8;
