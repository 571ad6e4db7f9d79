import { type AuctionInvoiceQuery, INVOICE_SORTS } from '@auction/contract';
import { type ListQuery, serverListQuery } from '../../lib/listTable/listTableRules.ts';

/**
 * The list table's query as the auction's invoices call takes it
 * (`GET /api/admin/auctions/{id}/invoices`): the page, the sort, the search, the states checked and
 * "with an amount due". The server filters, sorts, counts and sums.
 */
export function auctionInvoiceQuery(query: ListQuery): AuctionInvoiceQuery {
  return serverListQuery(query, {
    sorts: INVOICE_SORTS,
    byDefault: 'number',
    search: 'customer',
    checkboxes: ['state'],
  });
}
