import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../src/webApp/inlineStylesheets.ts';

describe("an auction page's style sheet", () => {
  const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><title>t</title></head>';

  it('is written into the page, where nothing in it can end the style element', async () => {
    const page = await inlineStylesheets(html, async (path) =>
      path === '/assets/index-1.css' ? '.a{color:red}/*</style><script>*/' : '',
    );
    // The disabled link (never fetched) tells the app's chunk loader the sheet is already there.
    expect(page).toBe(
      '<head><style>.a{color:red}/*<\\/style><script>*/</style>' +
        '<link rel="stylesheet" href="/assets/index-1.css" disabled><title>t</title></head>',
    );
  });

  it('stays linked when the file cannot be read, so the page is never unstyled', async () => {
    const page = await inlineStylesheets(html, () => Promise.reject(new Error('ENOENT')));
    expect(page).toBe(html);
  });
});
