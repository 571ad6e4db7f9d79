import { describe, expect, it } from 'vitest';
import { AddressLookupUnavailable } from '../../src/address/addressLookup.ts';
import { canadaPostAddressLookup } from '../../src/address/canadaPostAddressLookup.ts';

/** Canada Post's answers as its json3 endpoints write them, recording each URL asked. */
function service(answer: (url: URL) => unknown) {
  const urls: URL[] = [];
  const fetch = (async (input: URL) => {
    urls.push(input);
    return Response.json(answer(input));
  }) as unknown as typeof globalThis.fetch;
  return { urls, lookup: canadaPostAddressLookup({ key: 'AA11-BB22-CC33-DD44', baseUrl: 'https://ac.test', fetch }) };
}

describe('Canada Post AddressComplete', () => {
  it('asks Find in Canada and the United States with the key and language, and marks containers', async () => {
    const { urls, lookup } = service((url) => ({
      Items:
        url.searchParams.get('Country') === 'CAN'
          ? [
              { Id: 'CA|CP|A|1', Text: '275 Rue Notre-Dame E', Description: 'Montréal, QC, H2Y 1C6', Next: 'Retrieve' },
              { Id: 'CA|CP|ENG|X', Text: 'Rue Notre-Dame', Description: 'Montréal, QC - 412 Addresses', Next: 'Find' },
            ]
          : [],
    }));
    const found = await lookup.suggest({ search: '275 notre-dame', language: 'fr' });
    expect(urls.map((u) => u.pathname)).toEqual(['/Find/v2.10/json3.ws', '/Find/v2.10/json3.ws']);
    expect(urls.map((u) => u.searchParams.get('Country')).sort()).toEqual(['CAN', 'USA']);
    expect(urls[0]?.searchParams.get('Key')).toBe('AA11-BB22-CC33-DD44');
    expect(urls[0]?.searchParams.get('SearchTerm')).toBe('275 notre-dame');
    expect(urls[0]?.searchParams.get('LanguagePreference')).toBe('fr');
    expect(found.map((s) => s.isContainer)).toEqual([false, true]);

    await lookup.suggest({ search: '275 notre-dame', container: 'CA|CP|ENG|X', language: 'fr' });
    expect(urls.at(-1)?.searchParams.get('LastId')).toBe('CA|CP|ENG|X');
  });

  it('retrieves the address in the page language, matching the province to its code', async () => {
    const item = (Language: string, ProvinceName: string) => ({
      Language,
      BuildingNumber: '275',
      Street: 'Rue Notre-Dame E',
      City: 'Montréal',
      ProvinceName,
      ProvinceCode: 'QC',
      CountryIso2: 'CA',
      PostalCode: 'H2Y 1C6',
    });
    const { urls, lookup } = service(() => ({ Items: [item('ENG', 'Quebec'), item('FRE', 'Québec')] }));
    expect(await lookup.details('CA|CP|A|1', 'fr')).toEqual({
      address: '275 Rue Notre-Dame E',
      city: 'Montréal',
      province: 'Québec',
      provinceEnum: 11,
      country: 'CA',
      postalCode: 'H2Y 1C6',
    });
    expect(urls[0]?.pathname).toBe('/Retrieve/v2.11/json3.ws');
    expect(urls[0]?.searchParams.get('Id')).toBe('CA|CP|A|1');
  });

  it('refuses an address outside Canada and the United States, or without a street number', async () => {
    const outside = service(() => ({ Items: [{ BuildingNumber: '1', Street: 'High St', CountryIso2: 'GB' }] }));
    expect(await outside.lookup.details('GB|1', 'en')).toBeNull();
    const noNumber = service(() => ({ Items: [{ Street: 'Rue Notre-Dame E', CountryIso2: 'CA' }] }));
    expect(await noNumber.lookup.details('CA|2', 'en')).toBeNull();
  });

  it("turns the service's error item into AddressLookupUnavailable, without the key in the message", async () => {
    const { lookup } = service(() => ({
      Items: [
        { Error: '2', Description: 'Unknown key', Cause: 'The key you are using to access the service was not found.' },
      ],
    }));
    const error = await lookup.suggest({ search: 'anything', language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AddressLookupUnavailable);
    expect(String(error)).not.toContain('AA11');
  });
});
