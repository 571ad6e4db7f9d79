import { describe, expect, it } from 'vitest';
import { fold, type ListedLot, listLots } from '../../src/lots/lotList.ts';
import { lotTableQuerySchema, unflattenQuery } from '../../src/lots/lotTableQuery.ts';

const HOUR = 3600_000;
function lot(id: number, overrides: Partial<ListedLot> = {}): ListedLot {
  return {
    id,
    lotNumber: id,
    status: 2,
    isHidden: false,
    isFavorite: false,
    isWinning: false,
    allowsTimeExtension: false,
    endsAt: 10 * HOUR,
    price: 1000,
    categoryIds: [],
    teamId: null,
    closingGroupId: null,
    searchText: fold(`Lot ${id}`),
    ...overrides,
  };
}
const query = (raw: Record<string, unknown>) =>
  lotTableQuerySchema.parse(unflattenQuery({ urlMagicLink: 'gala', ...raw }));

describe('the lot list', () => {
  it('orders an open auction by spec 001 §4: closed before auction, no extension, end ascending, closing soon, favourites, number', () => {
    const lots = [
      lot(1, { allowsTimeExtension: true, endsAt: 1 * HOUR }),
      lot(2, { endsAt: 5 * HOUR }),
      lot(3, { endsAt: 2 * HOUR }),
      lot(4, { status: 3, endsAt: 9 * HOUR }),
      lot(5, { endsAt: 2 * HOUR, isFavorite: true }),
      lot(6, { endsAt: 2 * HOUR, status: 9 }),
    ];
    expect(listLots(lots, query({ pageSize: 25 }), false).ids).toEqual([4, 6, 5, 3, 2, 1]);
  });

  it('orders a completed auction by favourite, then lot number', () => {
    const lots = [lot(3), lot(1), lot(2, { isFavorite: true })];
    expect(listLots(lots, query({ pageSize: 25 }), true).ids).toEqual([2, 1, 3]);
  });

  it('never lists hidden lots', () => {
    expect(listLots([lot(1), lot(2, { isHidden: true })], query({}), false).ids).toEqual([1]);
  });

  it('searches names without case or accents from 2 characters, and numbers match the lot number', () => {
    const lots = [
      lot(1, { searchText: fold('Toile originale – Painting') }),
      lot(12, { searchText: fold('Érable') }),
      lot(3),
    ];
    expect(listLots(lots, query({ search: 'ERABLE' }), false).ids).toEqual([12]);
    expect(listLots(lots, query({ search: 'é' }), false).count).toBe(3);
    expect(listLots(lots, query({ search: 'e', forceSearch: 'true' }), false).ids).toEqual([1, 12]);
    expect(listLots(lots, query({ search: '12' }), false).ids).toEqual([12]);
  });

  it('filters by category, team and closing group from the bracketed table query', () => {
    const lots = [
      lot(1, { categoryIds: [7] }),
      lot(2, { categoryIds: [8], teamId: 4 }),
      lot(3, { teamId: 5, closingGroupId: 2 }),
    ];
    expect(
      listLots(lots, query({ 'filters[0].fieldName': 'ItemCategoryId', 'filters[0].fieldValue': '7' }), false).ids,
    ).toEqual([1]);
    expect(
      listLots(
        lots,
        query({
          'filters[0].fieldName': 'OrganizationTeamId',
          'filters[0].operator': 'in',
          'filters[0].fieldValue': '4,5',
        }),
        false,
      ).ids,
    ).toEqual([2, 3]);
    expect(
      listLots(lots, query({ 'filters[0].fieldName': 'AuctionClosingGroupId', 'filters[0].fieldValue': '2' }), false)
        .ids,
    ).toEqual([3]);
  });

  it('sorts by a chosen column and pages, going back to page 1 past the last page', () => {
    const lots = [lot(1, { price: 500 }), lot(2, { price: 3000 }), lot(3, { price: 1500 })];
    const byPrice = query({ 'sorts[0].column': 'price', 'sorts[0].asc': 'false', pageSize: 2 });
    expect(listLots(lots, byPrice, false)).toEqual({ count: 3, currentPage: 1, pageSize: 2, ids: [2, 3] });
    expect(listLots(lots, { ...byPrice, currentPage: 2 }, false).ids).toEqual([1]);
    expect(listLots(lots, { ...byPrice, currentPage: 9 }, false).currentPage).toBe(1);
  });

  it("ignores a sort column that is an object's inherited name, as any unknown column", () => {
    const lots = [lot(1, { price: 500 }), lot(2, { price: 3000 }), lot(3, { price: 1500 })];
    const unsorted = listLots(lots, query({}), false);
    for (const column of ['__proto__', '__PROTO__', 'constructor', 'toString', 'hasOwnProperty', 'nope']) {
      const sorted = query({ 'sorts[0].column': column, 'sorts[0].asc': 'true' });
      expect(listLots(lots, sorted, false), column).toEqual(unsorted);
    }
  });

  it('applies quick filters', () => {
    const lots = [lot(1, { isFavorite: true }), lot(2, { isWinning: true }), lot(3, { status: 5 })];
    expect(listLots(lots, query({ quickFilters: 'favorites' }), false).ids).toEqual([1]);
    expect(listLots(lots, query({ quickFilters: 'winning' }), false).ids).toEqual([2]);
    expect(listLots(lots, query({ quickFilters: 'closed' }), false).ids).toEqual([3]);
  });
});
