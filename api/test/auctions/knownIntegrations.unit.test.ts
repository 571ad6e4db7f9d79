import { describe, expect, it } from 'vitest';
import { knownIntegrations } from '../../src/auctions/auctionDto.ts';

describe("an auction's integrations as its answer shows them", () => {
  it('keeps the known flags and ids with a value of their kind, and nothing else', () => {
    expect(
      knownIntegrations({
        usesGoogleAnalytics: true,
        googleAnalyticsId: 'G-ABC123',
        usesFacebookPixel: false,
        facebookPixelId: '1234567890',
      }),
    ).toEqual({
      usesGoogleAnalytics: true,
      googleAnalyticsId: 'G-ABC123',
      usesFacebookPixel: false,
      facebookPixelId: '1234567890',
    });
    // Other keys (named like the answer's own fields), values of the wrong kind, and null (an
    // edit's removal) are not kept.
    expect(
      knownIntegrations({
        company_Id: 'x',
        organizationName: 'Another charity',
        usesGoogleAnalytics: 'yes',
        googleAnalyticsId: true,
        facebookPixelId: null,
        usesFacebookPixel: true,
      }),
    ).toEqual({ usesFacebookPixel: true });
  });
});
