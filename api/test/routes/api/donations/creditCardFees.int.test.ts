import { AuctionType } from '@auction/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, callAs, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
beforeAll(async () => {
  await test.database.db
    .updateTable('auctions')
    .set({ bill_credit_card_fees_to_client: true })
    .where('id', '=', test.galaId)
    .execute();
});

const decide = (token: string | null, auctionId: number | string, accepted: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/auctions/auction-bidder-has-accepted-credit-card-fees/${auctionId}/${accepted}`,
    headers: token ? bearer(token) : {},
  });

describe('accepting the credit card fees', () => {
  it('stores the bidder’s decision and shows it where the bidder status is read', async () => {
    const bidder = await registerConfirmed(test);
    const accepted = await decide(bidder.token, test.galaId, 'true');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ auctionId: test.galaId, bidderHasAcceptedCreditCardFees: true });
    const refused = await decide(bidder.token, test.galaId, 'false');
    expect(refused.json().bidderHasAcceptedCreditCardFees).toBe(false);
    const status = await callAs(test.app, bidder.token, 'POST', '/api/auctions/set-auction-status/demo-gala/Visited');
    expect(status.json()).toMatchObject({ auctionBidderStatus: 2, bidderHasAcceptedCreditCardFees: false });
    const donations = await callAs(test.app, bidder.token, 'GET', `/api/auctions/donations?auctionId=${test.galaId}`);
    expect(donations.json()).toMatchObject({
      billCreditCardFeesToClient: true,
      bidderHasAcceptedCreditCardFees: false,
    });
  });

  it('refuses an auction that does not bill the fees, one past Active, a locked bidder, anonymous and bad input', async () => {
    const bidder = await registerConfirmed(test);
    const spring = await test.auctionId('demo-printemps');
    const notBilled = await decide(bidder.token, spring, 'true');
    expect([notBilled.statusCode, notBilled.json().message]).toEqual([409, 'credit_card_fees_not_billed']);
    const autumn = await test.auctionId('demo-automne');
    await test.database.db
      .updateTable('auctions')
      .set({ bill_credit_card_fees_to_client: true })
      .where('id', '=', autumn)
      .execute();
    const over = await decide(bidder.token, autumn, 'true');
    expect([over.statusCode, over.json().message]).toEqual([409, 'auctionNotActive']);
    const locked = await registerConfirmed(test);
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: test.galaId, user_id: locked.id, status: 3 })
      .execute();
    expect((await decide(locked.token, test.galaId, 'true')).statusCode).toBe(403);
    expect((await decide(null, test.galaId, 'true')).statusCode).toBe(401);
    expect((await decide(bidder.token, test.galaId, 'maybe')).statusCode).toBe(400);
    expect((await decide(bidder.token, 'abc', 'true')).statusCode).toBe(400);
    expect((await decide(bidder.token, 999_999, 'true')).statusCode).toBe(404);
  });

  // Deciding writes a bidder row, which would make a stranger one of a private auction's bidders.
  it('refuses a private auction to someone not admitted, before telling whether it bills the fees, and writes nothing', async () => {
    const stranger = await registerConfirmed(test);
    const spring = await test.auctionId('demo-printemps');
    await test.database.db
      .updateTable('auctions')
      .set({ type: AuctionType.PrivateEvent, bill_credit_card_fees_to_client: false })
      .where('id', '=', spring)
      .execute();
    const notBilled = await decide(stranger.token, spring, 'true');
    expect([notBilled.statusCode, notBilled.json().message]).toEqual([403, 'private_auction']);
    await test.database.db
      .updateTable('auctions')
      .set({ bill_credit_card_fees_to_client: true })
      .where('id', '=', spring)
      .execute();
    const billed = await decide(stranger.token, spring, 'true');
    expect([billed.statusCode, billed.json().message]).toEqual([403, 'private_auction']);
    const rows = await test.database.db
      .selectFrom('auction_bidders')
      .select('status')
      .where('auction_id', '=', spring)
      .where('user_id', '=', stranger.id)
      .execute();
    expect(rows).toEqual([]);
    const account = await callAs(test.app, stranger.token, 'GET', '/api/account');
    expect(account.json().activeUrlMagicLinks).not.toContain('demo-printemps');
  });
});
