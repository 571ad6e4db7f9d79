import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';

/**
 * Issue 15 §2: the operator API stores rich text reduced to the shared allowlist, on creation and
 * on edit, for every field the web app renders as HTML; and every answer carries the security headers.
 */
const test = useTestApp();
let manager: Record<string, string>;
let auctionId: number;

const PLANTED =
  '<p>Intro <strong>bold</strong> <a href="https://foundation.example" onclick="x()">site</a></p>' +
  '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>' +
  '<a href="javascript:window.__xss=1">bad</a><svg onload="window.__xss=1"></svg>' +
  '<p style="position:fixed">styled</p><iframe src="https://evil.example"></iframe>';
const CLEAN =
  '<p>Intro <strong>bold</strong> <a href="https://foundation.example" target="_blank" rel="noopener noreferrer">site</a></p>' +
  '<a target="_blank" rel="noopener noreferrer">bad</a><p>styled</p>';
beforeAll(async () => {
  manager = bearer((await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token);
  auctionId = await test.auctionId('demo-gala');
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

function lotTexts(marker: string) {
  const planted = `${PLANTED}<p>${marker}</p>`;
  return {
    en: { name: 'Planted', description: planted, information: planted, shippingInformation: planted },
    fr: { name: 'Piégé', description: planted, information: planted, shippingInformation: planted },
  };
}

async function storedLotTexts(lotId: number) {
  return test.database.db
    .selectFrom('lot_translations')
    .select(['language_code', 'description', 'information', 'shipping_information'])
    .where('lot_id', '=', lotId)
    .orderBy('language_code')
    .execute();
}

describe('rich text written through the operator API', () => {
  it('stores a lot’s description, information and shipping text sanitised, created and edited', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: `/api/admin/auctions/${auctionId}/lots`,
      headers: manager,
      payload: {
        lotNumber: 901,
        translations: lotTexts('created'),
        startingBid: 100,
        minimumIncrement: 10,
        dateCompleted: inHours(2),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lotId = created.json().id as number;
    const expected = (marker: string) => `${CLEAN}<p>${marker}</p>`;
    for (const row of await storedLotTexts(lotId)) {
      expect(row.description).toBe(expected('created'));
      expect(row.information).toBe(expected('created'));
      expect(row.shipping_information).toBe(expected('created'));
    }

    const edited = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/lots/${lotId}`,
      headers: manager,
      payload: { translations: lotTexts('edited') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await storedLotTexts(lotId);
    expect(rows.map((row) => row.language_code)).toEqual(['en', 'fr']);
    for (const row of rows) {
      expect(row.description).toBe(expected('edited'));
      expect(row.information).toBe(expected('edited'));
      expect(row.shipping_information).toBe(expected('edited'));
    }

    // What visitors read is what was stored.
    const read = await test.app.inject({ url: `/api/auction-lot-items/${lotId}` });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('onerror');
    expect(read.body).not.toContain('<script');
    expect(read.body).not.toContain('javascript:');
  });

  it('stores an auction tab’s content sanitised, created and edited', async () => {
    const tabText = (marker: string) => ({
      en: { name: 'Rules', url: `rules-${marker}`, title: 'Rules', content: `${PLANTED}<p>${marker}</p>` },
      fr: { name: 'Règles', url: `regles-${marker}`, title: 'Règles', content: `${PLANTED}<p>${marker}</p>` },
    });
    const created = await test.app.inject({
      method: 'POST',
      url: `/api/admin/auctions/${auctionId}/tabs`,
      headers: manager,
      payload: { translations: tabText('created') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tabId = created.json().id as number;
    expect(created.json().translations.en.content).toBe(`${CLEAN}<p>created</p>`);

    const edited = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/tabs/${tabId}`,
      headers: manager,
      payload: { translations: tabText('edited') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await test.database.db
      .selectFrom('auction_tabs')
      .select('translations')
      .where('id', '=', tabId)
      .executeTakeFirstOrThrow();
    expect(row.translations.en?.content).toBe(`${CLEAN}<p>edited</p>`);
    expect(row.translations.fr?.content).toBe(`${CLEAN}<p>edited</p>`);
  });

  it('keeps the text of an organiser’s formatting as written', async () => {
    const formatted =
      '<h2>Le lot</h2><p><em>Deux</em> nuits, <u>petit-déjeuner</u> inclus.</p><ul><li>Valide un an</li></ul>' +
      '<p><a href="mailto:info@fondation.example" target="_blank" rel="noopener noreferrer">Écrivez-nous</a></p>';
    const created = await test.app.inject({
      method: 'POST',
      url: `/api/admin/auctions/${auctionId}/lots`,
      headers: manager,
      payload: {
        lotNumber: 902,
        translations: { fr: { name: 'Chalet', description: formatted } },
        startingBid: 100,
        minimumIncrement: 10,
        dateCompleted: inHours(2),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await storedLotTexts(created.json().id);
    expect(row?.description).toBe(formatted);
  });
});

describe('security headers', () => {
  it('answers the API with a Content-Security-Policy without inline script, and helmet’s other headers', async () => {
    const answer = await test.app.inject({ url: '/api/auctions/url-magic-link?urlMagicLink=demo-gala' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('ws://auctions.test');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("style-src-attr 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['strict-transport-security']).toContain('max-age=');
  });

  it('gives the API documentation and the queue dashboard a policy of their own, still without inline script', async () => {
    const docs = await test.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const docsCsp = String(docs.headers['content-security-policy']);
    expect(docsCsp).toContain("script-src 'self'");
    expect(docsCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(docsCsp).toMatch(/style-src[^;]*'unsafe-inline'/);

    const queues = await test.app.inject({ url: '/admin/queues' });
    const queuesCsp = String(queues.headers['content-security-policy']);
    expect(queuesCsp).toContain("script-src 'self'");
    expect(queuesCsp).toContain('https://fonts.googleapis.com');
  });

  it('sends the headers with answers that are not found', async () => {
    const answer = await test.app.inject({ url: '/api/no-such-thing' });
    expect(answer.statusCode).toBe(404);
    expect(String(answer.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
