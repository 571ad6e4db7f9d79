import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';

/**
 * The links an operator enters are put into `href` on the public pages: each must be a web address
 * (absolute http or https), or a script planted in one would run on the product's origin for every
 * visitor who clicks it. A refusal is a 400 with `valid_url` on the field, and changes nothing.
 */
const test = useTestApp();
let manager: Record<string, string>;
let auctionId: number;
let lotId: number;
let photoId: number;

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

function call(method: 'POST' | 'PATCH', url: string, payload: object) {
  return test.app.inject({ method, url, headers: manager, payload });
}

beforeAll(async () => {
  manager = bearer((await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token);
  auctionId = await test.auctionId('demo-gala');
  const lot = await call('POST', `/api/admin/auctions/${auctionId}/lots`, {
    lotNumber: 902,
    translations: { en: { name: 'Linked lot' }, fr: { name: 'Lot avec lien' } },
    startingBid: 100,
    minimumIncrement: 10,
    dateCompleted: inHours(2),
    additionalInfoExternalUrl: 'https://example.org/before',
  });
  expect(lot.statusCode, lot.body).toBe(201);
  lotId = lot.json().id;
  const photo = await call('POST', `/api/admin/auctions/${auctionId}/photos`, {
    fullPath: 'https://cdn.example.org/banner.jpg',
    videoUrl: 'https://video.example.org/before',
    additionalLinkUrl: 'https://example.org/before',
  });
  expect(photo.statusCode, photo.body).toBe(201);
  photoId = photo.json().id;
});

/** Addresses that are not a web page to send a visitor to, each in an `href`. */
const REFUSED = [
  'javascript:alert(document.domain)',
  'JavaScript:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/relative/path',
  'relative/path',
  '../up',
  '//evil.example/x',
  '/\\evil.example/x',
  'https:evil.example',
  'https://trusted.example@evil.example/',
  'ftp://example.org/file',
];

/** Each link field: where it is written, how it sits in the body, and what is stored for it. */
interface LinkField {
  name: string;
  /** The path a refusal names, as the API answers it. */
  path: string;
  url: () => string;
  body: (value: unknown) => object;
  stored: () => Promise<unknown>;
  /** Whether an address without its scheme is taken (the links that get `http://` in front). */
  hostFirst: boolean;
}

const auctionColumn = (column: 'donation_url' | 'link_english' | 'link_french') => async () =>
  (await test.database.db.selectFrom('auctions').select(column).where('id', '=', auctionId).executeTakeFirstOrThrow())[
    column
  ];
const photoColumn = (column: 'video_url' | 'additional_link_url') => async () =>
  (
    await test.database.db
      .selectFrom('auction_photos')
      .select(column)
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow()
  )[column];

const FIELDS: LinkField[] = [
  {
    name: 'additionalInfoExternalUrl',
    path: 'body.additionalInfoExternalUrl',
    url: () => `/api/admin/lots/${lotId}`,
    body: (value) => ({ additionalInfoExternalUrl: value }),
    stored: async () =>
      (
        await test.database.db
          .selectFrom('lots')
          .select('additional_info_external_url')
          .where('id', '=', lotId)
          .executeTakeFirstOrThrow()
      ).additional_info_external_url,
    hostFirst: false,
  },
  ...(
    [
      ['donationUrl', 'donation_url'],
      ['linkEnglish', 'link_english'],
      ['linkFrench', 'link_french'],
    ] as const
  ).map(([name, column]) => ({
    name,
    path: `body.${name}`,
    url: () => `/api/admin/auctions/${auctionId}`,
    body: (value: unknown) => ({ [name]: value }),
    stored: auctionColumn(column),
    hostFirst: false,
  })),
  {
    name: 'footer.footerUrl',
    path: 'body.footer.footerUrl',
    url: () => `/api/admin/auctions/${auctionId}`,
    body: (value) => ({ footer: { footerUrl: value } }),
    stored: async () =>
      (
        await test.database.db
          .selectFrom('auctions')
          .select('footer')
          .where('id', '=', auctionId)
          .executeTakeFirstOrThrow()
      ).footer.footerUrl,
    hostFirst: true,
  },
  {
    name: 'videoUrl',
    path: 'body.videoUrl',
    url: () => `/api/admin/auction-photos/${photoId}`,
    body: (value) => ({ videoUrl: value }),
    stored: photoColumn('video_url'),
    hostFirst: false,
  },
  {
    name: 'additionalLinkUrl',
    path: 'body.additionalLinkUrl',
    url: () => `/api/admin/auction-photos/${photoId}`,
    body: (value) => ({ additionalLinkUrl: value }),
    stored: photoColumn('additional_link_url'),
    hostFirst: true,
  },
];

describe('links an operator enters (issue: link fields took any scheme)', () => {
  for (const field of FIELDS) {
    it(`${field.name}: refuses what is not a web address, keeping what it had; takes http(s); clears as before`, async () => {
      const kept = await call('PATCH', field.url(), field.body('https://example.org/kept'));
      expect(kept.statusCode, kept.body).toBe(200);
      for (const value of REFUSED) {
        const response = await call('PATCH', field.url(), field.body(value));
        expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
        expect(response.json().messages).toEqual(['valid_url']);
        expect(response.json().errors).toEqual([{ field: field.path, message: 'valid_url' }]);
        expect(await field.stored()).toBe('https://example.org/kept');
      }

      for (const value of ['https://example.org/x', 'http://example.org/x?a=1#b', 'https://www.example.org:8443/']) {
        const response = await call('PATCH', field.url(), field.body(value));
        expect(response.statusCode, `${value}: ${response.body}`).toBe(200);
        expect(await field.stored()).toBe(value);
      }
      const bare = await call('PATCH', field.url(), field.body('example.org/page'));
      expect(bare.statusCode, bare.body).toBe(field.hostFirst ? 200 : 400);
      const cleared = await call('PATCH', field.url(), field.body(''));
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(await field.stored()).toBeFalsy();
    });
  }

  it('refuses a planted link when the lot, the auction or the banner is created, creating nothing', async () => {
    const lotsBefore = await test.database.db.selectFrom('lots').select('id').execute();
    const lot = await call('POST', `/api/admin/auctions/${auctionId}/lots`, {
      lotNumber: 903,
      translations: { en: { name: 'Planted' } },
      startingBid: 100,
      minimumIncrement: 10,
      dateCompleted: inHours(2),
      additionalInfoExternalUrl: 'javascript:alert(document.domain)',
    });
    expect(lot.statusCode).toBe(400);
    expect(lot.json().messages).toEqual(['valid_url']);
    expect(await test.database.db.selectFrom('lots').select('id').execute()).toHaveLength(lotsBefore.length);

    const photosBefore = await test.database.db.selectFrom('auction_photos').select('id').execute();
    const photo = await call('POST', `/api/admin/auctions/${auctionId}/photos`, {
      fullPath: 'https://cdn.example.org/banner.jpg',
      additionalLinkUrl: 'javascript:alert(1)',
    });
    expect(photo.statusCode).toBe(400);
    expect(photo.json().messages).toEqual(['valid_url']);
    expect(await test.database.db.selectFrom('auction_photos').select('id').execute()).toHaveLength(
      photosBefore.length,
    );
  });

  it('refuses the reported edit whole: a good field beside a planted one is not applied either', async () => {
    const before = await test.database.db
      .selectFrom('auctions')
      .select(['donation_url', 'link_english', 'footer'])
      .where('id', '=', auctionId)
      .executeTakeFirstOrThrow();
    const response = await call('PATCH', `/api/admin/auctions/${auctionId}`, {
      donationUrl: 'javascript:alert(1)',
      linkEnglish: 'https://example.org/fine',
      footer: { footerUrl: 'javascript:alert(2)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'body.donationUrl', message: 'valid_url' },
        { field: 'body.footer.footerUrl', message: 'valid_url' },
      ]),
    );
    const after = await test.database.db
      .selectFrom('auctions')
      .select(['donation_url', 'link_english', 'footer'])
      .where('id', '=', auctionId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const shown = await test.app.inject({ url: `/api/auctions/url-magic-link?urlMagicLink=demo-gala` });
    expect(shown.body).not.toContain('javascript:');
  });
});
