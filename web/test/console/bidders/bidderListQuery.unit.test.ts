import { describe, expect, it } from 'vitest';
import { bidderListQuery } from '../../../src/console/bidders/bidderListQuery.ts';
import { initialQuery } from '../../../src/lib/listTable/listTableRules.ts';

describe("the bidders list's query for the server", () => {
  it('sends the page, the sort and only the filters set', () => {
    expect(bidderListQuery(initialQuery(25, { column: 'name', direction: 'asc' }))).toEqual({
      currentPage: 1,
      pageSize: 25,
      sort: 'name',
      direction: 'asc',
      q: undefined,
      status: undefined,
      arrival: undefined,
      quickFilters: undefined,
    });
  });

  it('joins checked boxes with commas and keeps the search and the quick filter', () => {
    const query = {
      ...initialQuery(50, { column: 'arrival', direction: 'desc' as const }),
      currentPage: 3,
      quickFilters: ['arrived'],
      sideFilters: {
        name: { kind: 'text' as const, text: 'émond' },
        status: { kind: 'values' as const, values: ['1', '3'] },
        arrival: { kind: 'values' as const, values: [] },
      },
    };
    expect(bidderListQuery(query)).toEqual({
      currentPage: 3,
      pageSize: 50,
      sort: 'arrival',
      direction: 'desc',
      q: 'émond',
      status: '1,3',
      arrival: undefined,
      quickFilters: 'arrived',
    });
  });

  it('falls back to the name, A to Z, when the table has no sort or one the server does not know', () => {
    expect(bidderListQuery(initialQuery(25, null))).toMatchObject({ sort: 'name', direction: 'asc' });
    expect(bidderListQuery(initialQuery(25, { column: 'contact', direction: 'desc' }))).toMatchObject({
      sort: 'name',
      direction: 'asc',
    });
  });
});
