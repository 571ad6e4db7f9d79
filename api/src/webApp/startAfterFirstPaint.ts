import { createHash } from 'node:crypto';

/**
 * On an auction page the server has drawn the first screen (firstScreen.ts), its picture included,
 * so the app's code is not needed to show it: the code is asked for once that picture is painted
 * (or after a second at most), then the app starts and takes the screen over. Fetched beside the
 * picture, the entry and its chunks (about 150 kB compressed) shared a phone's bandwidth with it,
 * and their evaluation, the page's longest task, came before its paint (docs/web.md "Lighthouse").
 * The cost: the app is interactive later by the picture's download, a few kilobytes at high
 * priority. Pages without a first screen load the app at once, as index.html says.
 *
 * The chunks wait in the page as `<link rel="app-entry">` and `<link rel="app-module">`, names the
 * browser does not fetch; the start script turns them into module preloads and imports the entry.
 * Its text never changes, so the policy allows exactly this text by its hash and still runs no other
 * inline script (security/securityHeaders.ts).
 */
export const START_SCRIPT =
  "const [entry,...chunks]=[...document.querySelectorAll('link[rel=app-entry],link[rel=app-module]')].map((l)=>l.href);" +
  "const picture=document.querySelector('#root .first-screen img');" +
  // A second at most: a picture that never arrives, or a tab opened in the background (no frames).
  'new Promise((r)=>{setTimeout(r,1000);(picture?picture.decode().catch(()=>{}):Promise.resolve()).then(()=>requestAnimationFrame(()=>setTimeout(r)));})' +
  // Each preload is added in a task of its own: added in one loop, the thirty or so requests were
  // one task of 10 to 20 ms (a phone's 40 to 80), the page's first long task after its paint.
  '.then(()=>{const started=import(entry);' +
  "for(const href of chunks)setTimeout(()=>{const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l);});" +
  'return started;});';

/** The Content-Security-Policy source that allows START_SCRIPT and nothing else. */
export const START_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[A-Za-z0-9._-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[A-Za-z0-9._-]+\.js)">/g;

/** A chunk the start script preloads once the first screen is painted. */
export const laterModule = (href: string) => `<link rel="app-module" href="${href}">`;

/** index.html with its entry and preloads left for the start script, which it adds. */
export function startAfterFirstPaint(html: string): string {
  return html
    .replace(ENTRY_SCRIPT, (_script, src: string) => `<link rel="app-entry" href="${src}">`)
    .replace(MODULE_PRELOAD, (_link, href: string) => laterModule(href))
    .replace('</head>', `<script type="module">${START_SCRIPT}</script></head>`);
}
