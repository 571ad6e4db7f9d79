import { type AddressCountry, type AddressSuggestion, provinceEnumOf } from '@auction/contract';
import { type AddressLookup, AddressLookupUnavailable, type LookupLanguage, MAX_SUGGESTIONS } from './addressLookup.ts';

/**
 * Canada Post AddressComplete through its documented HTTP (json3) API: Interactive Find v2.10
 * for suggestions, Interactive Retrieve v2.11 for the chosen address. Restricted to Canada and the
 * United States (spec 000 §5): Find is asked per country, a retrieved address elsewhere is refused.
 * The key is a server secret; it never reaches the browser or the logs (errors carry the
 * service's error number only).
 */
export interface CanadaPostOptions {
  key: string;
  /** Tests point it at a double; Canada Post's own by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_BASE = 'https://ws1.postescanada-canadapost.ca/AddressComplete/Interactive';
const ISO3: Record<AddressCountry, string> = { CA: 'CAN', US: 'USA' };

interface FindItem {
  Id: string;
  Text: string;
  Description: string;
  Next: 'Find' | 'Retrieve';
}
interface RetrieveItem {
  Language?: string;
  BuildingNumber?: string;
  Street?: string;
  Line1?: string;
  City?: string;
  ProvinceName?: string;
  ProvinceCode?: string;
  CountryIso2?: string;
  PostalCode?: string;
}
interface ServiceError {
  Error: string;
}

export function canadaPostAddressLookup(options: CanadaPostOptions): AddressLookup {
  const base = (options.baseUrl ?? DEFAULT_BASE).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const url = new URL(`${base}/${path}`);
    url.searchParams.set('Key', options.key);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let body: { Items?: Array<T | ServiceError> };
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      if (!response.ok) throw new AddressLookupUnavailable(`AddressComplete answered HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      if (error instanceof AddressLookupUnavailable) throw error;
      throw new AddressLookupUnavailable('AddressComplete did not answer');
    }
    const items = body.Items ?? [];
    const failure = items.find((item): item is ServiceError => typeof (item as ServiceError).Error === 'string');
    if (failure) throw new AddressLookupUnavailable(`AddressComplete error ${failure.Error}`);
    return items as T[];
  }

  async function find(
    search: string,
    country: AddressCountry,
    language: LookupLanguage,
    container?: string,
  ): Promise<AddressSuggestion[]> {
    const items = await call<FindItem>('Find/v2.10/json3.ws', {
      SearchTerm: search,
      Country: ISO3[country],
      LanguagePreference: language,
      MaxSuggestions: String(MAX_SUGGESTIONS),
      ...(container ? { LastId: container } : {}),
    });
    return items.map((item) => ({
      id: item.Id,
      text: item.Text,
      description: item.Description,
      isContainer: item.Next === 'Find',
    }));
  }

  return {
    provider: 'canada-post',
    async suggest({ search, container, country, language }) {
      if (country || container) return find(search, country ?? 'CA', language, container);
      const [canada, states] = await Promise.all([find(search, 'CA', language), find(search, 'US', language)]);
      return [...canada, ...states].slice(0, MAX_SUGGESTIONS);
    },
    async details(id, language) {
      const items = await call<RetrieveItem>('Retrieve/v2.11/json3.ws', { Id: id });
      const wanted = language === 'fr' ? 'FRE' : 'ENG';
      const item = items.find((i) => i.Language === wanted) ?? items[0];
      if (!item) return null;
      const country = item.CountryIso2 === 'CA' || item.CountryIso2 === 'US' ? item.CountryIso2 : null;
      // Spec 000 §5: a street number and a street, in Canada or the United States.
      if (!country || !item.BuildingNumber || !item.Street) return null;
      const province = item.ProvinceName ?? item.ProvinceCode ?? '';
      return {
        address: `${item.BuildingNumber} ${item.Street}`,
        city: item.City ?? '',
        province,
        provinceEnum: country === 'CA' ? provinceEnumOf(province) : provinceEnumOf(null),
        country,
        postalCode: item.PostalCode ?? '',
      };
    },
  };
}
