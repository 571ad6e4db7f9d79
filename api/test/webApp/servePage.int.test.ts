import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AuctionType } from '@auction/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../useTestApp.ts';

/** A built web app of its own: its index.html and the lot page's chunk list. */
const webDist = mkdtempSync(join(tmpdir(), 'serve-page-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="fr"><head><title>Encans</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(webDist, 'first-screens.json'),
  JSON.stringify({
    lotDetail: ['/assets/LotDetailPage-x.js'],
    text: {
      en: { login: 'Log in', languageSwitch: 'Français' },
      fr: { login: 'Se connecter', languageSwitch: 'English' },
    },
  }),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const test = useTestApp({ app: { webDist } });

const firstData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('the pages of the web app', () => {
  it("writes an auction page's first answers into it: the auction, and the lot on a lot page, in its language", async () => {
    const list = await test.app.inject({ method: 'GET', url: '/en/auctions/demo-gala/items' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.body).toContain('<html lang="en"');
    const data = firstData(list.body);
    // The API's own anonymous answer.
    const api = await test.app.inject({
      method: 'GET',
      url: '/api/auctions/url-magic-link?urlMagicLink=demo-gala',
      headers: { 'accept-language': 'en' },
    });
    expect(data.auction).toEqual(api.json());
    // The header and the banner are drawn before any script runs.
    expect(list.body).toMatch(
      /<div id="root"><div class="first-screen" aria-hidden="true"><header class="site-header">/,
    );
    expect(list.body).toContain('class="auction-banner__image"');

    const lot = { id: await test.firstLotId(test.galaId) };
    const page = await test.app.inject({
      method: 'GET',
      url: `/encans/demo-gala/lots/${lot.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString();
    expect(firstData(html).lot).toMatchObject({ id: lot.id });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LotDetailPage-x.js">');
  });

  it('leaves out what an anonymous caller may not read, and other pages are index.html as it is', async () => {
    await test.database.db
      .updateTable('auctions')
      .set({ type: AuctionType.PrivateEvent })
      .where('url_magic_link', '=', 'demo-printemps')
      .execute();
    const hidden = await test.app.inject({ method: 'GET', url: '/encans/demo-printemps/lots' });
    expect(hidden.statusCode).toBe(200);
    expect(firstData(hidden.body).auction).toBeUndefined();
    const unknownLot = await test.app.inject({ method: 'GET', url: '/encans/demo-gala/lots/2147483000' });
    expect(firstData(unknownLot.body).lot).toBeUndefined();
    const profile = await test.app.inject({ method: 'GET', url: '/profil' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('first-data');
  });
});
