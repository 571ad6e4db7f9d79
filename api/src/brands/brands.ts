import { type BrandAnswer, BrandId, ProviderKind } from '@auction/contract';

/**
 * The two white-label brands (spec 000 §1, spec 001 §1). The host serving the page picks one; it
 * selects the product name, the contact details and the analytics property, and brand 2's hosts
 * change a numeric default (the price filter's top) and a flag (the "organize your own auction"
 * link, which sells brand 1's service).
 */
export const BRANDS: Record<BrandId, Omit<BrandAnswer, 'analyticsProperty'>> = {
  [BrandId.Signature]: {
    id: BrandId.Signature,
    key: 'signature',
    providerKind: ProviderKind.SignaturePro,
    productName: { en: 'Charity Auctions', fr: 'Encans caritatifs' },
    contact: {
      email: 'info@signaturepro.ca',
      phone: '(514) 555-0199',
      website: { en: 'https://www.signaturepro.ca/en', fr: 'https://www.signaturepro.ca/' },
    },
    priceRangeMax: 1000,
    showOrganizeAuctionLink: true,
  },
  [BrandId.PopABid]: {
    id: BrandId.PopABid,
    key: 'pop-a-bid',
    providerKind: ProviderKind.PopABid,
    productName: { en: 'Pop-a-Bid', fr: 'Pop-a-Bid' },
    contact: {
      email: 'hello@popabid.example',
      phone: '(438) 555-0142',
      website: { en: 'https://popabid.example/en', fr: 'https://popabid.example/' },
    },
    priceRangeMax: 500,
    showOrganizeAuctionLink: false,
  },
};

export const DEFAULT_BRAND: BrandId = BrandId.Signature;

/** The host → brand table: `localhost=1,127.0.0.1=2` (BRAND_HOSTS). Hosts are compared without port or case. */
export type BrandHosts = ReadonlyMap<string, BrandId>;

export function parseBrandHosts(text: string): BrandHosts {
  const table = new Map<string, BrandId>();
  for (const entry of text.split(',')) {
    const [host, id] = entry.split('=').map((part) => part.trim().toLowerCase());
    if (!host || (id !== '1' && id !== '2')) throw new Error(`BRAND_HOSTS: expected host=1 or host=2, got "${entry}"`);
    table.set(host, Number(id) as BrandId);
  }
  return table;
}

/** The brand of a host name (without port); a host not in the table gets the default brand. */
export function brandIdForHost(hosts: BrandHosts, hostname: string): BrandId {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return hosts.get(host) ?? DEFAULT_BRAND;
}

export function brandAnswerFor(id: BrandId, analytics: Partial<Record<BrandId, string>>): BrandAnswer {
  return { ...BRANDS[id], analyticsProperty: analytics[id] ?? null };
}
