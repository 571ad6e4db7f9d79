import { describe, expect, it } from 'vitest';
import { orderForHome } from '../../src/home/homeOrder.ts';
import { auctionFixture } from '../auctionFixture.ts';

describe('home page order', () => {
  it('lists the live auctions before the pre-open ones, and the closed ones last', () => {
    const list = [
      auctionFixture({ id: 1, status: 2 }),
      auctionFixture({ id: 2, status: 4 }),
      auctionFixture({ id: 3, status: 3 }),
      auctionFixture({ id: 4, status: 2 }),
      auctionFixture({ id: 5, status: 3 }),
    ];
    expect(orderForHome(list).map((a) => a.id)).toEqual([3, 5, 1, 4, 2]);
  });
});
