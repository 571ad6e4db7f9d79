/**
 * Lighthouse's mobile performance and accessibility scores of the lot list and a lot page, measured
 * on the running product (a production build: `npm start`), through Debian's Chromium (no browser
 * is downloaded). Writes .data/lighthouse/scores.json and one report per page beside it.
 *
 *   npm start                                   # in another terminal (PORT 8080 unless set)
 *   npm run lighthouse -- http://localhost:8080 [urlMagicLink]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const origin = (process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const auction = process.argv[3] ?? 'demo-gala';
const out = resolve(import.meta.dirname, '../../.data/lighthouse');
/** The issue's target for each category. */
const TARGET = 90;

async function firstLotId(): Promise<number> {
  const answer = await fetch(`${origin}/api/auction-lot-items?urlMagicLink=${auction}&pageSize=1&currentPage=1`);
  if (!answer.ok) throw new Error(`${origin} answers ${answer.status}: is the product running (npm start)?`);
  const page = (await answer.json()) as { items: Array<{ id: number }> };
  const lot = page.items[0];
  if (!lot) throw new Error(`The auction ${auction} has no lot.`);
  return lot.id;
}

/**
 * The server lists web/dist's files when it starts, so a build made since (another \`npm start\`, a
 * browser test) is answered with index.html for its new scripts: the page stays blank and
 * Lighthouse scores 0 (NO_FCP). Checked before measuring rather than reported as a score.
 */
async function checkServedBuild(): Promise<void> {
  const page = await (await fetch(`${origin}/encans/${auction}/lots`)).text();
  // An auction page names its entry in a preload its start script reads (api/src/webApp/startAfterFirstPaint.ts).
  const entry = (/<link rel="app-entry" href="([^"]+)">/.exec(page) ?? /<script[^>]+src="([^"]+)"/.exec(page))?.[1];
  if (!entry) throw new Error(`${origin} serves no web app page.`);
  const script = await fetch(origin + entry);
  const type = script.headers.get('content-type') ?? '';
  if (!script.ok || !type.includes('javascript'))
    throw new Error(
      `${origin}${entry} answers ${script.status} ${type}: web/dist was rebuilt after the server started; restart npm start.`,
    );
}

await checkServedBuild();
const pages = [
  { name: 'lot list', path: `/encans/${auction}/lots` },
  { name: 'lot page', path: `/encans/${auction}/lots/${await firstLotId()}` },
];

mkdirSync(out, { recursive: true });
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const scores: Array<{
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
}> = [];
try {
  for (const page of pages) {
    const url = origin + page.path;
    // Lighthouse's defaults: a mobile device (Moto G Power) with simulated slow 4G and 4× CPU slowdown.
    // LIGHTHOUSE_THROTTLING=devtools applies the same slowdowns to the real load instead of
    // simulating them from an unthrottled one (docs/web.md "Lighthouse": the two disagree here).
    const result = await lighthouse(url, {
      port: chrome.port,
      ...(process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // A page that failed to load (NO_FCP, an error page) scores 0: say why instead of recording it.
    if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
    );
    const failed = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    scores.push({
      page: page.name,
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics,
    });
    writeFileSync(join(out, `${page.name.replace(/ /g, '-')}.json`), String(result.report));
    console.log(
      `${page.name}: performance ${score('performance')}, accessibility ${score('accessibility')}  ${JSON.stringify(metrics)}`,
    );
    if (failed.length) console.log(`  below 90: ${failed.join(', ')}`);
  }
} finally {
  await chrome.kill();
}
writeFileSync(
  join(out, 'scores.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), scores }, null, 2)}\n`,
);
const missed = scores.filter((s) => s.performance < TARGET || s.accessibility < TARGET);
console.log(missed.length ? `Below ${TARGET}: ${missed.map((s) => s.page).join(', ')}` : `All at ${TARGET} or more.`);
