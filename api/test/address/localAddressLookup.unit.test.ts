import { describe, expect, it } from 'vitest';
import { isValidPostalCode } from '../../src/accounts/address.ts';
import { LOCAL_ADDRESSES } from '../../src/address/localAddresses.ts';
import { localAddressLookup } from '../../src/address/localAddressLookup.ts';

const lookup = localAddressLookup();

describe('the local address lookup', () => {
  it('holds a few dozen addresses of both countries, each with a postal code of its country', () => {
    expect(LOCAL_ADDRESSES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LOCAL_ADDRESSES.map((a) => a.country))).toEqual(new Set(['CA', 'US']));
    for (const address of LOCAL_ADDRESSES) expect(isValidPostalCode(address.postalCode, address.country)).toBe(true);
  });

  it('suggests addresses whose words begin with what was typed, in any order and without accents', async () => {
    const found = await lookup.suggest({ search: 'notre-dame montreal', language: 'fr' });
    expect(found).toEqual([
      {
        id: expect.any(String),
        text: '275 Rue Notre-Dame Est',
        description: 'Montréal, QC, H2Y 1C6',
        isContainer: false,
      },
    ]);
    expect(await lookup.suggest({ search: 'queen', country: 'US', language: 'en' })).toEqual([]);
    expect((await lookup.suggest({ search: 'queen st', language: 'en' })).length).toBe(3);
  });

  it('fills a Canadian address with the province in the page language and its code', async () => {
    const [suggestion] = await lookup.suggest({ search: '1 rue des carrieres', language: 'fr' });
    const id = suggestion?.id ?? '';
    expect(await lookup.details(id, 'fr')).toEqual({
      address: '1 Rue des Carrières',
      city: 'Québec',
      province: 'Québec',
      provinceEnum: 11,
      country: 'CA',
      postalCode: 'G1R 4P5',
    });
    expect((await lookup.details(id, 'en'))?.province).toBe('Quebec');
  });

  it('gives an American address province 99 and its ZIP code; an unknown id is null', async () => {
    const [suggestion] = await lookup.suggest({ search: '350 5th', language: 'en' });
    expect(await lookup.details(suggestion?.id ?? '', 'en')).toMatchObject({
      province: 'New York',
      provinceEnum: 99,
      country: 'US',
      postalCode: '10118-0110',
    });
    expect(await lookup.details('local-9999', 'en')).toBeNull();
    expect(await lookup.details('anything', 'en')).toBeNull();
  });
});
