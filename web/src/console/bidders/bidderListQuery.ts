import { BIDDER_SORTS, type BidderListQuery } from '@auction/contract';
import { type ListQuery, serverListQuery } from '../../lib/listTable/listTableRules.ts';

/**
 * The list table's query as the bidders call takes it (`GET /api/admin/auctions/{id}/bidders`):
 * the page, the sort, the search and the status and arrival boxes. The server filters, sorts and
 * counts.
 */
export function bidderListQuery(query: ListQuery): BidderListQuery {
  return serverListQuery(query, {
    sorts: BIDDER_SORTS,
    byDefault: 'name',
    search: 'name',
    checkboxes: ['status', 'arrival'],
  });
}
