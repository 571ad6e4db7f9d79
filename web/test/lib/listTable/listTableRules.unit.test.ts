import { describe, expect, it } from 'vitest';
import {
  applyQuery,
  clampPage,
  committedText,
  initialQuery,
  nextSort,
  pageWindow,
  sliderBounds,
} from '../../../src/lib/listTable/listTableRules.ts';

interface Row {
  id: number;
  name: string;
  price: number;
  open: boolean;
  categories: string[];
}
const rows: Row[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  name: `Lot ${String.fromCharCode(97 + (index % 26))}`,
  price: (index * 37) % 100,
  open: index % 2 === 0,
  categories: [String(index % 3)],
}));
const access = {
  sortValue: (row: Row, column: string) => (column === 'price' ? row.price : column === 'name' ? row.name : row.id),
  quickFilter: (row: Row, id: string) => (id === 'open' ? row.open : true),
  sideValue: (row: Row, id: string) => (id === 'price' ? row.price : id === 'category' ? row.categories : row.name),
};

describe('the list table rules', () => {
  it('cycle a column ascending, descending, then none; another column starts ascending', () => {
    const asc = nextSort(null, 'price');
    expect(asc).toEqual({ column: 'price', direction: 'asc' });
    const desc = nextSort(asc, 'price');
    expect(desc).toEqual({ column: 'price', direction: 'desc' });
    expect(nextSort(desc, 'price')).toBeNull();
    expect(nextSort(desc, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });

  it('apply a side text from 3 characters or when emptied', () => {
    expect(committedText('ab')).toBeUndefined();
    expect(committedText(' abc ')).toBe('abc');
    expect(committedText('')).toBe('');
    // Enter forces a short text: a paddle of one or two digits.
    expect(committedText(' 7 ', true)).toBe('7');
    expect(committedText('  ', true)).toBe('');
  });

  it('round the slider to integers, in order', () => {
    expect(sliderBounds(10.6, 2.2)).toEqual([2, 11]);
  });

  it('go back to page 1 past the last page, and show 3 page numbers around the current one', () => {
    expect(clampPage(4, 30, 25)).toBe(1);
    expect(clampPage(2, 30, 25)).toBe(2);
    expect(pageWindow(1, 8)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 8)).toEqual([4, 5, 6]);
    expect(pageWindow(8, 8)).toEqual([6, 7, 8]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });

  it('filter, sort and page rows held in the browser', () => {
    const query = {
      ...initialQuery(5, { column: 'price', direction: 'desc' as const }),
      quickFilters: ['open'],
      sideFilters: {
        price: { kind: 'range' as const, range: [10, 90] as [number, number] },
        category: { kind: 'values' as const, values: ['0', '1'] },
      },
    };
    const expected = rows
      .filter((row) => row.open && row.price >= 10 && row.price <= 90 && ['0', '1'].includes(row.categories[0] ?? ''))
      .sort((a, b) => b.price - a.price);
    const page1 = applyQuery(rows, query, access);
    expect(page1.count).toBe(expected.length);
    expect(page1.rows.map((row) => row.id)).toEqual(expected.slice(0, 5).map((row) => row.id));
    const page2 = applyQuery(rows, { ...query, currentPage: 2 }, access);
    expect(page2.rows.map((row) => row.id)).toEqual(expected.slice(5, 10).map((row) => row.id));
  });
});
