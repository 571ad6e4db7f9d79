/**
 * The generic list table's rules (spec 001 §2, §5, §9), free of React: the sort cycle, which text
 * filters apply, the slider's integer bounds, the page window, and a query applied to rows held
 * in the browser. The component (ListTable.tsx) and a server-backed list share these.
 */

/** Spec 001 §9: default table page size 25, and the sizes the selector offers. */
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [25, 50, 100, 200] as const;
/** Spec 001 §9: the generic pagination shows 3 page numbers at a time. */
export const PAGE_NUMBERS_SHOWN = 3;
/** Spec 001 §9: a side text filter waits 2000 ms on small screens, 1000 ms on larger (default 2 s). */
export const SIDE_FILTER_DEBOUNCE_SMALL_MS = 2000;
export const SIDE_FILTER_DEBOUNCE_LARGE_MS = 1000;
export const SIDE_FILTER_DEBOUNCE_DEFAULT_MS = 2000;
/** Spec 001 §5, §9: a side text filter applies from 3 characters, or when emptied. */
export const SIDE_TEXT_MIN_LENGTH = 3;

export type SortDirection = 'asc' | 'desc';
export interface Sort {
  column: string;
  direction: SortDirection;
}

/** Spec 001 §5: sorting cycles ascending, descending, none, one column at a time. */
export function nextSort(current: Sort | null, column: string): Sort | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/**
 * Spec 001 §5: the text a side filter applies, or undefined while it is too short to apply.
 * `forced` is Enter: as the header search may be forced under its minimum, so may a side filter,
 * or a bidder number of one or two digits (the paddle the auctioneer called) could never be found.
 */
export function committedText(typed: string, forced = false): string | undefined {
  const text = typed.trim();
  if (text === '') return '';
  return forced || text.length >= SIDE_TEXT_MIN_LENGTH ? text : undefined;
}

/** Spec 001 §5: the slider rounds its bounds to integers (and keeps them in order). */
export function sliderBounds(low: number, high: number): [number, number] {
  const a = Math.round(low);
  const b = Math.round(high);
  return a <= b ? [a, b] : [b, a];
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Spec 001 §5: the page goes back to 1 when it is past the last one (a filter shrank the list). */
export function clampPage(page: number, count: number, pageSize: number): number {
  return page > pageCount(count, pageSize) || page < 1 ? 1 : page;
}

/** The page numbers to show: `shown` of them, the current one centred when it can be. */
export function pageWindow(page: number, pages: number, shown = PAGE_NUMBERS_SHOWN): number[] {
  const size = Math.min(shown, pages);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

/** A side filter's value: a range for a slider, text, or the checked values of checkboxes. */
export type SideFilterValue =
  | { kind: 'range'; range: [number, number] }
  | { kind: 'text'; text: string }
  | { kind: 'values'; values: readonly string[] };

/** What the list shows: the spec's table query (page, size, sort, quick filters, side filters). */
export interface ListQuery {
  currentPage: number;
  pageSize: number;
  sort: Sort | null;
  quickFilters: readonly string[];
  sideFilters: Readonly<Record<string, SideFilterValue>>;
}

const checkedParam = (filter: SideFilterValue | undefined) =>
  filter?.kind === 'values' && filter.values.length > 0 ? filter.values.join(',') : undefined;

/**
 * The table's query as a list paged on the server takes it (the bidders', an auction's invoices'):
 * the page, the sort (one of the list's, else its default), the search as typed, each checkbox
 * group comma-separated and the quick filters; what is left empty is not sent, so the query key
 * and the address stay short.
 */
export function serverListQuery<const S extends string, const Box extends string>(
  query: ListQuery,
  list: { sorts: readonly S[]; byDefault: S; search: string; checkboxes: readonly Box[] },
) {
  const sort = query.sort && (list.sorts as readonly string[]).includes(query.sort.column) ? query.sort : null;
  const search = query.sideFilters[list.search];
  return {
    currentPage: query.currentPage,
    pageSize: query.pageSize,
    sort: (sort?.column ?? list.byDefault) as S,
    direction: sort?.direction ?? 'asc',
    q: search?.kind === 'text' && search.text !== '' ? search.text : undefined,
    ...(Object.fromEntries(list.checkboxes.map((box) => [box, checkedParam(query.sideFilters[box])])) as Record<
      Box,
      string | undefined
    >),
    quickFilters: query.quickFilters.length > 0 ? query.quickFilters.join(',') : undefined,
  };
}

export function initialQuery(pageSize: number = DEFAULT_PAGE_SIZE, sort: Sort | null = null): ListQuery {
  return { currentPage: 1, pageSize, sort, quickFilters: [], sideFilters: {} };
}

/** How a list held in the browser reads its rows for sorting and filtering. */
export interface RowAccess<Row> {
  sortValue: (row: Row, column: string) => string | number | null;
  quickFilter: (row: Row, id: string) => boolean;
  /** A row's value for a side filter; several for a multi-valued field (categories), matched by any. */
  sideValue: (row: Row, filterId: string) => string | number | null | readonly string[];
}

function matches<Row>(row: Row, access: RowAccess<Row>, id: string, filter: SideFilterValue): boolean {
  const value = access.sideValue(row, id);
  if (Array.isArray(value))
    return filter.kind !== 'values' || filter.values.length === 0 || value.some((v) => filter.values.includes(v));
  if (filter.kind === 'range') return typeof value === 'number' && value >= filter.range[0] && value <= filter.range[1];
  if (filter.kind === 'text') {
    return (
      filter.text === '' ||
      String(value ?? '')
        .toLocaleLowerCase()
        .includes(filter.text.toLocaleLowerCase())
    );
  }
  return filter.values.length === 0 || filter.values.includes(String(value));
}

/** Applies a query to rows held in the browser: filters, sort, then the page. */
export function applyQuery<Row>(
  rows: readonly Row[],
  query: ListQuery,
  access: RowAccess<Row>,
): { rows: Row[]; count: number } {
  const kept = rows.filter(
    (row) =>
      query.quickFilters.every((id) => access.quickFilter(row, id)) &&
      Object.entries(query.sideFilters).every(([id, filter]) => matches(row, access, id, filter)),
  );
  const sort = query.sort;
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    kept.sort((a, b) => {
      const x = access.sortValue(a, sort.column);
      const y = access.sortValue(b, sort.column);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign;
    });
  }
  const page = clampPage(query.currentPage, kept.length, query.pageSize);
  return { rows: kept.slice((page - 1) * query.pageSize, page * query.pageSize), count: kept.length };
}

/** How many side and quick filters are set (the filter card's badge). */
export function activeFilters(query: ListQuery): number {
  const side = Object.values(query.sideFilters).filter((filter) =>
    filter.kind === 'text' ? filter.text !== '' : filter.kind === 'values' ? filter.values.length > 0 : true,
  ).length;
  return side + query.quickFilters.length;
}
