// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SCRIPT, installAnalytics, useBrandAnalytics } from '../../src/brand/analytics.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.getElementById('brand-analytics')?.remove();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

/** The brand answer of each host, as GET /api/brand gives it, with the property configured for it. */
const brandWith = (id: 1 | 2, analyticsProperty: string | null) => ({
  id,
  key: id === 1 ? 'signature' : 'pop-a-bid',
  providerKind: id,
  productName: id === 1 ? { en: 'Charity Auctions', fr: 'Encans caritatifs' } : { en: 'Pop-a-Bid', fr: 'Pop-a-Bid' },
  analyticsProperty,
  contact: {
    email: 'info@example.org',
    phone: '(514) 555-0199',
    website: { en: 'https://e.org', fr: 'https://e.org' },
  },
  priceRangeMax: id === 1 ? 1000 : 500,
  showOrganizeAuctionLink: id === 1,
});

function Page() {
  useBrandAnalytics();
  return null;
}

const loadedScript = () => document.querySelector<HTMLScriptElement>('script#brand-analytics')?.src;

describe("the brand's analytics property", () => {
  it.each([
    [1, 'G-SIGNATURE1'],
    [2, 'G-POPABID01'],
  ] as const)('brand %i loads its own property %s, once', async (id, property) => {
    vi.stubGlobal('fetch', stubFetch({ '/api/brand': json(brandWith(id, property)) }).fetch);
    renderInApp(Page, 'fr');
    await waitFor(() => expect(loadedScript()).toBe(`${ANALYTICS_SCRIPT}?id=${property}`));
    expect((window as { dataLayer?: IArguments[] }).dataLayer?.map((call) => [...call][0])).toEqual(['js', 'config']);
    expect(installAnalytics(property)).toBe(true);
    expect(document.querySelectorAll('script#brand-analytics')).toHaveLength(1);
  });

  it('loads nothing when the brand has no property (the demo, npm start, tests)', async () => {
    const api = stubFetch({ '/api/brand': json(brandWith(1, null)) });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(Page, 'en');
    await waitFor(() => expect(api.urls).toContain('/api/brand'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadedScript()).toBeUndefined();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads nothing for a visitor who declined cookies', () => {
    localStorage.setItem('cookieConsent', 'false');
    expect(installAnalytics('G-SIGNATURE1')).toBe(false);
    expect(loadedScript()).toBeUndefined();
  });
});
