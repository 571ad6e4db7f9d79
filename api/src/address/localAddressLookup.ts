import { provinceEnumOf, provinceNameOf } from '@auction/contract';
import { type AddressLookup, MAX_SUGGESTIONS } from './addressLookup.ts';
import { LOCAL_ADDRESSES, type LocalAddress, STATE_NAMES } from './localAddresses.ts';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const searchable = LOCAL_ADDRESSES.map((a) =>
  fold(`${a.number} ${a.street} ${a.city} ${a.region} ${a.postalCode} ${a.postalCode.replace(/\s/g, '')}`),
);

/** Every word typed must begin a word of the address (or its postal code), in any order. */
function matches(index: number, words: string[]): boolean {
  const haystack = ` ${searchable[index]}`;
  return words.every((word) => haystack.includes(` ${word}`));
}

/** The lookup without a service: the embedded addresses (docs/accounts.md). */
export function localAddressLookup(): AddressLookup {
  return {
    provider: 'local',
    async suggest({ search, country }) {
      const words = fold(search).split(' ').filter(Boolean);
      if (words.length === 0) return [];
      const found: { index: number; address: LocalAddress }[] = [];
      LOCAL_ADDRESSES.forEach((address, index) => {
        if ((!country || address.country === country) && matches(index, words)) found.push({ index, address });
      });
      return found.slice(0, MAX_SUGGESTIONS).map(({ index, address }) => ({
        id: `local-${index}`,
        text: `${address.number} ${address.street}`,
        description: `${address.city}, ${address.region}, ${address.postalCode}`,
        isContainer: false,
      }));
    },
    async details(id, language) {
      const match = /^local-(\d{1,4})$/.exec(id);
      const address = match ? LOCAL_ADDRESSES[Number(match[1])] : undefined;
      if (!address) return null;
      const province =
        address.country === 'CA'
          ? (provinceNameOf(address.region, language) ?? address.region)
          : (STATE_NAMES[address.region] ?? address.region);
      return {
        address: `${address.number} ${address.street}`,
        city: address.city,
        province,
        provinceEnum: address.country === 'CA' ? provinceEnumOf(province) : provinceEnumOf(null),
        country: address.country,
        postalCode: address.postalCode,
      };
    },
  };
}
