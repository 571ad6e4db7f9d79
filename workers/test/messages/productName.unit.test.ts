import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { messageTemplates } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { renderMessage, templateParams, templates } from '../../src/messages/templates.ts';

/** The web app's own name for the product, per language (web/src/i18n). */
const appName = (language: 'en' | 'fr'): string =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../web/src/i18n/${language}.json`), 'utf8'))['app.name'];

const sample: Record<string, string> = {
  firstName: 'Élodie',
  link: 'https://auctions.example.org/x',
  code: '482913',
  auctionName: 'Gala',
  temporaryPassword: 'Tmp-Pa55-word!',
  newUserName: 'e@example.org',
  lotNumber: '12',
  lotName: 'Chalet',
  amount: '10.00',
  invoiceNumber: '42',
  receiptNumber: '7',
  replacedReceiptNumber: '6',
};

describe('one product name per language', () => {
  for (const template of messageTemplates.filter((t) => templates[t].channel === 'email')) {
    for (const language of ['en', 'fr'] as const) {
      it(`${template} in ${language} signs with the app's name`, () => {
        const params = Object.fromEntries(templateParams[template].map((name) => [name, sample[name] ?? 'x']));
        const rendered = renderMessage({ channel: 'email', language, template, params });
        expect(rendered.text).toContain(appName(language));
        expect(rendered.text).not.toMatch(/bienfaisance|Charity auctions/);
      });
    }
  }
});
