import { AUCTION_EXPORT_KINDS } from '@auction/contract';
import { bearer } from '../accounts/accountFlows.ts';
import type { TestApp } from '../testApp.ts';

/**
 * The reads of every screen that shows an auction's records — the bidders' pages and the
 * operators' console — made as a visitor, a bidder and an operator in each language, for the tests
 * that save records with only part of their fields (sparseRecords, sparseWrites) and check nothing
 * shown of them answers a server error.
 */
export interface Sparse {
  organizationId: number;
  link: string;
  auctionId: number;
  lotIds: number[];
}

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The reads of the bidders' screens and the operators' console, for one sparse auction. */
export function reads({ organizationId, link, auctionId, lotIds }: Sparse): string[] {
  const byLink = `urlMagicLink=${link}`;
  return [
    `/api/auctions/url-magic-link?${byLink}`,
    '/api/auctions',
    `/api/auctions/carousel/${auctionId}`,
    `/api/auctions/get-date-completed/${auctionId}`,
    `/api/auctions/organization-teams/url-magic-link?${byLink}`,
    `/api/auctions/${auctionId}/projector`,
    `/api/auction-lot-items?${byLink}`,
    ...lotIds.flatMap((id) => [
      `/api/auction-lot-items/${id}`,
      `/api/auction-lot-items/refresh-bids/${id}`,
      `/api/admin/lots/${id}/bids`,
      `/api/admin/lots/${id}/audit-trail`,
      `/api/audit/lots/${id}/replay`,
    ]),
    `/api/auctions/leaderboard?${byLink}`,
    `/api/auctions/winner-leaderboard?${byLink}`,
    `/api/favorites?${byLink}`,
    `/api/account/bids?${byLink}`,
    `/api/auctions/donations?auctionId=${auctionId}`,
    `/api/admin/auctions/${auctionId}`,
    `/api/admin/auctions?organizationId=${organizationId}`,
    `/api/admin/auctions/${auctionId}/lots`,
    `/api/admin/auctions/${auctionId}/bidders`,
    `/api/admin/auctions/${auctionId}/live-lots`,
    `/api/admin/auctions/${auctionId}/closing-minute`,
    `/api/admin/auctions/${auctionId}/invoices`,
    `/api/admin/organizations/${organizationId}/teams`,
    `/api/audit/auctions/${auctionId}/lots`,
    `/api/check-in/auctions/${auctionId}/guests`,
    ...AUCTION_EXPORT_KINDS.map((kind) => `/api/admin/auctions/${auctionId}/exports/${kind}`),
  ];
}

/**
 * Every read of `reads` (and `more`) for each auction, as a visitor, the bidder and the operator,
 * in French and in English: the ones that answered a server error, with the start of their answer.
 * A response that fails its schema answers 500 too, so this also says every answer kept its shape.
 */
export async function serverErrorsOfReads(
  test: TestApp,
  auctions: Sparse[],
  tokens: { bidder: string; operator: string },
  more: string[] = [],
): Promise<string[]> {
  const failures: string[] = [];
  for (const auction of auctions) {
    for (const [who, headers] of [
      ['visitor', {}],
      ['bidder', bearer(tokens.bidder)],
      ['administrator', bearer(tokens.operator)],
    ] as const) {
      for (const language of ['fr', 'en']) {
        for (const url of [...reads(auction), ...more]) {
          const response = await test.app.inject({
            method: 'GET',
            url,
            headers: { ...headers, 'accept-language': language },
          });
          if (response.statusCode >= 500) {
            failures.push(`${who} ${language} GET ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
  }
  return failures;
}
