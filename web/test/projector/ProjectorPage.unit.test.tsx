// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectorScreen } from '../../src/projector/ProjectorPage.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The projector's page as the API answers it, with no lot closing and no goal. */
const projector = {
  auctionId: 1,
  urlMagicLink: 'demo-gala',
  status: 3,
  languages: ['fr', 'en'],
  titles: { fr: 'Gala d’hiver 2026', en: 'Winter Gala 2026' },
  serverTime: new Date().toISOString(),
  goalCents: null,
  raised: { lotsCents: 0, purchasesCents: 0, donationsCents: 0, totalCents: 0 },
  closingNext: [],
};

describe("the projector's tab", () => {
  it("is named in the page's language, whichever language the screen is showing", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/auctions/': json(projector) }).fetch);
    renderInApp(ProjectorScreen, 'fr');
    await waitFor(() => expect(document.title).toBe('Écran du projecteur — Gala d’hiver 2026 · Encans caritatifs'));
    cleanup();
    renderInApp(ProjectorScreen, 'en');
    await waitFor(() => expect(document.title).toBe('Projector screen — Winter Gala 2026 · Charity Auctions'));
  });
});
