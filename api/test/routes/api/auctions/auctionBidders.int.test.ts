import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { type AuthorizationFixtures, authorizationFixtures } from '../../../security/authorizationFixtures.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
let f: AuthorizationFixtures;
beforeAll(async () => {
  f = await authorizationFixtures(test);
});

describe("a private auction's access code", () => {
  // The admission used to be stamped before the lock was read: a refused call changed the bidder's row.
  it('refuses a locked bidder the right code and records nothing', async () => {
    const { id, urlMagicLink, accessCode } = f.privateAuction;
    const guest = await registerConfirmed(test);
    const locked = await test.app.inject({
      method: 'PUT',
      url: `/api/auctions/${id}/bidders/${guest.id}/status`,
      headers: f.headers.manager,
      payload: { status: 'Locked' },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const rowOf = () =>
      test.database.db
        .selectFrom('auction_bidders')
        .select(['status', 'admitted_at', 'updated_at'])
        .where('auction_id', '=', id)
        .where('user_id', '=', guest.id)
        .executeTakeFirst();
    const before = await rowOf();

    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/auctions/${urlMagicLink}/access-code`,
      headers: bearer(guest.token),
      payload: { code: accessCode },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'bidder_locked']);
    expect(refused.json().auctionBidderStatus).toBe(3);
    expect(await rowOf()).toEqual(before);
    expect(before?.admitted_at ?? null).toBeNull();
  });
});
