/**
 * The app's style sheet written into an auction page instead of linked (docs/web.md "Lighthouse").
 * A linked sheet blocks the first paint until it has arrived, and on a phone's network it arrives
 * with the scripts, so the first screen the server drew (firstScreen.ts) waited for them too. The
 * sheet is the build's own file (about 6 kB gzipped), read once; the policy allows style elements
 * (`style-src-elem 'unsafe-inline'`) and never style attributes.
 */

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[A-Za-z0-9._-]+\.css)">/g;

/** index.html with each of the build's stylesheet links replaced by a style element holding the sheet. */
export async function inlineStylesheets(html: string, readAsset: (path: string) => Promise<string>): Promise<string> {
  const paths = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] as string);
  // A sheet that cannot be read stays linked: the page is slower, never unstyled.
  const read = (path: string) => readAsset(path).catch(() => undefined);
  const sheets = new Map(await Promise.all(paths.map(async (path) => [path, await read(path)] as const)));
  // Nothing in a sheet may end the element early; `<\/style` means the same to CSS in the rare place it could stand.
  return html.replace(STYLESHEET_LINK, (link, path: string) => {
    const sheet = sheets.get(path);
    // The link stays, disabled (never fetched nor applied), for the app's chunk loader: it looks for
    // the entry's sheet by its link before a lazy screen and would otherwise fetch it a second time.
    return sheet === undefined
      ? link
      : `<style>${sheet.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${path}" disabled>`;
  });
}
