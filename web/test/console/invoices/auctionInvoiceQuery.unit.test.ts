import { describe, expect, it } from 'vitest';
import { auctionInvoiceQuery } from '../../../src/console/invoices/auctionInvoiceQuery.ts';
import { initialQuery } from '../../../src/lib/listTable/listTableRules.ts';

describe("an auction's invoices list query for the server", () => {
  it('sends the page and the sort, and only the filters set', () => {
    expect(auctionInvoiceQuery(initialQuery(25, { column: 'number', direction: 'asc' }))).toEqual({
      currentPage: 1,
      pageSize: 25,
      sort: 'number',
      direction: 'asc',
      q: undefined,
      state: undefined,
      quickFilters: undefined,
    });
  });

  it('joins the states checked, keeps the search and "due", and falls back to the number for a sort it cannot ask', () => {
    const query = {
      ...initialQuery(100, { column: 'state', direction: 'desc' as const }),
      currentPage: 2,
      quickFilters: ['due'],
      sideFilters: {
        customer: { kind: 'text' as const, text: 'éloïse' },
        state: { kind: 'values' as const, values: ['partly', 'unpaid'] },
      },
    };
    expect(auctionInvoiceQuery(query)).toEqual({
      currentPage: 2,
      pageSize: 100,
      sort: 'number',
      direction: 'asc',
      q: 'éloïse',
      state: 'partly,unpaid',
      quickFilters: 'due',
    });
  });
});
