/**
 * In development only: the contract's schema of a call's answer (@auction/contract), found by the
 * call's method and path, so the API client can warn when an answer drifts from the contract the
 * types were inferred from. The contract (and zod) are imported lazily, from the development
 * branch of the client: the built app's first load does not carry them.
 */
type Contract = typeof import('@auction/contract/answers');
export interface AnswerSchema {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

const ANSWERS: readonly [method: string, path: RegExp, pick: (c: Contract) => AnswerSchema][] = [
  ['GET', /^\/api\/auctions$/, (c) => c.auctionsContract.list.response[200]],
  ['GET', /^\/api\/auctions\/url-magic-link$/, (c) => c.auctionsContract.byLink.response[200]],
  ['GET', /^\/api\/auctions\/carousel\/\d+$/, (c) => c.auctionsContract.carousel.response[200]],
  ['GET', /^\/api\/currency-exchange-rates$/, (c) => c.auctionsContract.exchangeRates.response[200]],
  ['GET', /^\/api\/auction-lot-items$/, (c) => c.lotsContract.list.response[200]],
  ['GET', /^\/api\/auction-lot-items\/\d+$/, (c) => c.lotsContract.detail.response[200]],
  ['POST', /^\/api\/bids\/auctionlotitem\/\d+\/bid$/, (c) => c.lotsContract.bid.response[200]],
  ['POST', /^\/api\/bids\/auctionlotitem\/\d+\/buy$/, (c) => c.lotsContract.buy.response[200]],
  ['GET', /^\/api\/account$/, (c) => c.profile],
];

/** The answer's schema of `method path` (its query string aside), when the contract names it. */
export async function devAnswerSchema(method: string, path: string): Promise<AnswerSchema | undefined> {
  const bare = path.split('?')[0] ?? path;
  const found = ANSWERS.find(([m, pattern]) => m === method && pattern.test(bare));
  if (!found) return undefined;
  return found[2](await import('@auction/contract/answers'));
}
