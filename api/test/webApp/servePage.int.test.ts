import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  '<!doctype html><html lang="fr"><head><title>Encans</title><script type="module" crossorigin src="/assets/index-x.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/messages-x.js"><link rel="stylesheet" crossorigin href="/assets/index-x.css">' +
    '</head><body><div id="root"></div></body></html>',
);
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'index-x.css'), '.site-header{color:navy}');
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
    // Its style sheet is in the page, so the first paint waits on no other file.
    expect(list.body).toContain('<style>.site-header{color:navy}</style>');
    expect(list.body).not.toMatch(/<link rel="stylesheet" [^>]*href="\/assets\/index-x.css">/);
    // No script is fetched before the first screen is painted: the start script, allowed by its
    // hash in the page's policy, names the entry and its chunks.
    expect(list.body).not.toContain('<script type="module" crossorigin src=');
    expect(list.body).not.toContain('rel="modulepreload"');
    expect(list.body).toContain(
      '<link rel="app-entry" href="/assets/index-x.js"><link rel="app-module" href="/assets/messages-x.js">',
    );
    const start = /<script type="module">(.*?)<\/script>/s.exec(list.body)?.[1] ?? '';
    const hash = createHash('sha256').update(start).digest('base64');
    expect(String(list.headers['content-security-policy'])).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`),
    );

    const lot = { id: await test.firstLotId(test.galaId) };
    const page = await test.app.inject({
      method: 'GET',
      url: `/encans/demo-gala/lots/${lot.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString();
    expect(firstData(html).lot).toMatchObject({ id: lot.id });
    expect(html).toContain('<link rel="app-module" href="/assets/LotDetailPage-x.js">');
    // The lot's photo is asked for first, before any script.
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/[^"]+"><title>/);
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
    // Without a first screen, the app loads at once, as index.html says.
    expect(profile.body).toContain('<script type="module" crossorigin src="/assets/index-x.js"></script>');
  });

  it("keeps the build's hashed files for good, asks again for the page, and a missing build file is not the page", async () => {
    const sheet = await test.app.inject({ method: 'GET', url: '/assets/index-x.css' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.headers.vary).toContain('accept-encoding');
    const page = await test.app.inject({ method: 'GET', url: '/profil' });
    expect(String(page.headers['cache-control'])).not.toContain('immutable');
    // A page of an older build asks for a chunk this build does not have: 404, so the app sees the
    // failure (and loads the new build) and no cache keeps the page under the chunk's name.
    const gone = await test.app.inject({ method: 'GET', url: '/assets/LotDetailPage-old.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
  });
});
