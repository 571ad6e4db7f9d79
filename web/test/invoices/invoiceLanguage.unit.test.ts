// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRequestLocale } from '../../src/api/client.ts';
import { invoiceQueries } from '../../src/invoices/queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setRequestLocale('fr');
});

describe("an invoice in the page's language", () => {
  it('is read again when the language changes, since the API names its taxes and lines in the request language', async () => {
    // The web tests' double at the network boundary: each answer names its taxes as asked.
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const language = new Headers(init.headers).get('Accept-Language') ?? '';
      asked.push(language);
      const taxes = [{ name: language === 'en' ? 'GST' : 'TPS', rate: 5 }];
      return new Response(JSON.stringify({ stripeInvoiceId: 'inv_1', taxes }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const client = new QueryClient();
    setRequestLocale('fr');
    const french = await client.fetchQuery(invoiceQueries.detail('inv_1', 'fr'));
    setRequestLocale('en');
    const english = await client.fetchQuery(invoiceQueries.detail('inv_1', 'en'));
    expect(asked).toEqual(['fr', 'en']);
    expect([french.taxes[0]?.name, english.taxes[0]?.name]).toEqual(['TPS', 'GST']);
    // One cache entry per language: the page in French never shows the English answer.
    expect(client.getQueryData(invoiceQueries.detail('inv_1', 'fr').queryKey)?.taxes[0]?.name).toBe('TPS');
  });
});
