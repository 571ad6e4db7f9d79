import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showsOwnStanding } from '../../src/lots/lotState.ts';
import { lotMutations, lotQueries } from '../../src/lots/queries.ts';
import type { LotDetail, Standing } from '../../src/lots/types.ts';
import { json, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const cad = (value: number) => ({ value, currencyCode: 'CAD' });
const standing = { bidCount: 3, maxBid: cad(300), isWinning: true } as Standing;

describe('the lot after the user’s own command', () => {
  it('shows the answer once the bids counted and the maximum bid are those answered', () => {
    expect(showsOwnStanding({ bidCount: 3, maxBid: cad(300) }, standing)).toBe(true);
    expect(showsOwnStanding({ bidCount: 4, maxBid: cad(300) }, standing)).toBe(true);
    expect(showsOwnStanding({ bidCount: 3, maxBid: null }, standing)).toBe(false);
    expect(showsOwnStanding({ bidCount: 2, maxBid: cad(300) }, standing)).toBe(false);
    expect(showsOwnStanding({ bidCount: 3, maxBid: cad(250) }, standing)).toBe(false);
  });

  /**
   * A maximum bid placed while already leading: no hub event follows (nothing public changed), and
   * the read model has it a moment after the answer. The lot is read again until it shows it.
   */
  it('is read again until the read model shows what the answer said', async () => {
    const reads: Array<Partial<LotDetail>> = [
      { id: 7, bidCount: 3, maxBid: null },
      { id: 7, bidCount: 3, maxBid: null },
      { id: 7, bidCount: 3, maxBid: null },
      { id: 7, bidCount: 3, maxBid: cad(300) },
    ];
    let read = 0;
    const { fetch } = stubFetch({
      '/api/bids/': json({ success: true, message: 'bid_successful', messages: [], standing }),
      '/api/auction-lot-items/7': () => json(reads[Math.min(read++, reads.length - 1)])(),
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    // The lot page is open: its query is watched, so an invalidation reads it again.
    const stop = new QueryObserver(client, lotQueries.detail(7)).subscribe(() => {});
    await vi.waitFor(() => expect(read).toBe(1));
    await client.getMutationCache().build(client, lotMutations.submit(7)).execute({
      kind: 'max',
      cents: 30_000,
      commandId: 'cmd-00000010',
    });
    await vi.waitFor(
      () => expect(client.getQueryData<LotDetail>(lotQueries.detail(7).queryKey)?.maxBid).toEqual(cad(300)),
      {
        timeout: 4000,
      },
    );
    // Once shown, it is read no more.
    const settled = read;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(read).toBe(settled);
    stop();
  });
});
