import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchWithFilters } from '../../src/lots/listFilters.ts';
import { emptyFilters } from '../../src/lots/queries.ts';

describe("the lot list's filters in the address", () => {
  it('are read back as they were written, the category being the path’s', () => {
    const filters = { ...emptyFilters, search: 'vin rouge', closingGroupIds: [4, 2], teamIds: [7] };
    const search = searchWithFilters({ other: 'kept' }, filters);
    expect(search).toEqual({ other: 'kept', search: 'vin rouge', enter: undefined, groups: '4,2', teams: '7' });
    expect(filtersFromSearch(search as Record<string, string | undefined>, 3)).toEqual({ ...filters, categoryId: 3 });
  });

  it('keep a short search asked with Enter, and write nothing for empty filters', () => {
    const short = searchWithFilters({}, { ...emptyFilters, search: 'a', forceSearch: true });
    expect(short).toMatchObject({ search: 'a', enter: '1' });
    expect(filtersFromSearch(short, null)).toMatchObject({ search: 'a', forceSearch: true });
    expect(Object.values(searchWithFilters({}, emptyFilters)).every((value) => value === undefined)).toBe(true);
  });

  it('leave out what is not a filter: ids that are not whole positive numbers, repeats, an overlong search', () => {
    const filters = filtersFromSearch(
      { groups: '3,x,-1,3,2.5,,9', teams: 'abc', search: 'é'.repeat(500), enter: 'yes' },
      null,
    );
    expect(filters.closingGroupIds).toEqual([3, 9]);
    expect(filters.teamIds).toEqual([]);
    expect(filters.search).toHaveLength(200);
    expect(filters.forceSearch).toBe(false);
    expect(filtersFromSearch({}, null)).toEqual(emptyFilters);
  });
});
