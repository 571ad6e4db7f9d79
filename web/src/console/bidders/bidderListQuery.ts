import { BIDDER_SORTS, type BidderListQuery, type BidderSort } from '@auction/contract';
import type { ListQuery, SideFilterValue } from '../../lib/listTable/listTableRules.ts';

const checked = (filter: SideFilterValue | undefined) =>
  filter?.kind === 'values' && filter.values.length > 0 ? filter.values.join(',') : undefined;

/**
 * The list table's query as the bidders call takes it (`GET /api/admin/auctions/{id}/bidders`):
 * the page, the sort, the search and the checked boxes; what is left empty is not sent, so the
 * query key and the address stay short. The server filters, sorts and counts.
 */
export function bidderListQuery(query: ListQuery): BidderListQuery {
  const search = query.sideFilters.name;
  const sort = query.sort && (BIDDER_SORTS as readonly string[]).includes(query.sort.column) ? query.sort : null;
  return {
    currentPage: query.currentPage,
    pageSize: query.pageSize,
    sort: (sort?.column ?? 'name') as BidderSort,
    direction: sort?.direction ?? 'asc',
    q: search?.kind === 'text' && search.text !== '' ? search.text : undefined,
    status: checked(query.sideFilters.status),
    arrival: checked(query.sideFilters.arrival),
    quickFilters: query.quickFilters.length > 0 ? query.quickFilters.join(',') : undefined,
  };
}
