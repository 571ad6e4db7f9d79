import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { messageTemplates } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { renderMessage, templates } from '../../src/messages/templates.ts';
import { paramsOf } from './sampleParams.ts';

/** The web app's own name for the product, per language (web/src/i18n). */
const appName = (language: 'en' | 'fr'): string =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../web/src/i18n/${language}.json`), 'utf8'))['app.name'];

describe('one product name per language', () => {
  for (const template of messageTemplates.filter((t) => templates[t].channel === 'email')) {
    for (const language of ['en', 'fr'] as const) {
      it(`${template} in ${language} signs with the app's name`, () => {
        const params = paramsOf(template);
        const rendered = renderMessage({ channel: 'email', language, template, params });
        expect(rendered.text).toContain(appName(language));
        expect(rendered.text).not.toMatch(/bienfaisance|Charity auctions/);
      });
    }
  }
});
