import { matchQuery, type Query, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../src/account/queries.ts';
import { startSession } from '../src/account/session.ts';
import type { SessionAnswer } from '../src/account/types.ts';
import { tokens } from '../src/api/client.ts';
import { auctionKeys } from '../src/auctions/queries.ts';
import { donationKeys } from '../src/donations/queries.ts';
import { leaderboardKeys } from '../src/leaderboard/queries.ts';
import { emptyFilters, lotKeys, lotMutations } from '../src/lots/queries.ts';
import { json, stubFetch } from './renderInApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A client holding one answer under each key, to see which ones an invalidation reaches. */
function clientWith(keys: ReadonlyArray<readonly unknown[]>) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, {});
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { client, invalidated };
}

const within = (parent: readonly unknown[], key: readonly unknown[]) =>
  matchQuery({ queryKey: parent }, { queryKey: key, queryHash: JSON.stringify(key) } as unknown as Query);

describe('key factories', () => {
  it('nest every key under its feature, narrowest last', () => {
    const list = lotKeys.list('Gala', emptyFilters);
    expect(within(lotKeys.all, list)).toBe(true);
    expect(within(lotKeys.lists(), list)).toBe(true);
    expect(within(lotKeys.details(), lotKeys.detail(3))).toBe(true);
    expect(within(lotKeys.lists(), lotKeys.detail(3))).toBe(false);
    expect(within(lotKeys.all, lotKeys.favoritePage('gala', 25, 1))).toBe(true);
    expect(within(auctionKeys.details(), auctionKeys.detail('Gala'))).toBe(true);
    expect(within(auctionKeys.details(), auctionKeys.carousel(1, 'fr'))).toBe(false);
    expect(within(auctionKeys.carousels(), auctionKeys.carousel(1, 'fr'))).toBe(true);
    expect(within(donationKeys.all, donationKeys.list(1, 'u'))).toBe(true);
    expect(within(leaderboardKeys.all, leaderboardKeys.board('gala', false))).toBe(true);
    expect(within(accountKeys.all, accountKeys.profile())).toBe(true);
  });

  it('key an auction by its link in any case', () => {
    expect(lotKeys.list('GALA', emptyFilters)).toEqual(lotKeys.list('gala', emptyFilters));
    expect(auctionKeys.detail('Gala')).toEqual(auctionKeys.detail('gala'));
    expect(leaderboardKeys.board('Gala', true)).toEqual(leaderboardKeys.board('gala', true));
  });
});

describe('invalidation', () => {
  const everything = [
    lotKeys.list('gala', emptyFilters),
    lotKeys.detail(7),
    lotKeys.detail(8),
    lotKeys.favoritePage('gala', 25, 1),
    auctionKeys.detail('gala'),
    accountKeys.profile(),
  ];

  it('after a bid reaches the lot and the lists, not other lots', async () => {
    const { fetch } = stubFetch({ '/api/bids/': json({ standing: { isWinning: true, maxBid: null } }) });
    vi.stubGlobal('fetch', fetch);
    const { client, invalidated } = clientWith(everything);
    const mutation = client.getMutationCache().build(client, lotMutations.submit(7));
    await mutation.execute({ kind: 'bid', cents: 1000, commandId: 'c1' });
    expect(invalidated()).toEqual([lotKeys.list('gala', emptyFilters), lotKeys.detail(7)]);
  });

  it('after a favourite reaches every lot the page may show', async () => {
    const { fetch } = stubFetch({ '/api/favorites/': json({}) });
    vi.stubGlobal('fetch', fetch);
    const { client, invalidated } = clientWith(everything);
    const mutation = client.getMutationCache().build(client, lotMutations.favorite('gala'));
    await mutation.execute({ lotId: 7, favorite: true });
    expect(invalidated()).toEqual(everything.slice(0, 4));
  });

  it('on signing in reaches everything but the profile', () => {
    const { client, invalidated } = clientWith(everything);
    startSession(client, { token: 't', id: 'u' } as SessionAnswer);
    tokens.set(undefined);
    const [profile, ...others] = [...everything].reverse();
    expect(invalidated()).toEqual(others.reverse());
    expect(client.getQueryData(profile as readonly unknown[])).toEqual({ id: 'u' });
  });
});
