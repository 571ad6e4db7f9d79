import { describe, expect, it } from 'vitest';
import { isNewerId } from '../../src/live/hubClient.ts';
import { type LiveContext, liveMessageFor } from '../../src/live/liveMessages.ts';

function context(overrides: Partial<LiveContext> = {}): LiveContext {
  return {
    userId: 'me',
    locale: 'en',
    viewingLotId: null,
    wasLeading: () => false,
    isFavorite: () => false,
    hasMaxBid: () => false,
    actedRecently: () => false,
    ...overrides,
  };
}

const bid = (data: Record<string, unknown>) => ({
  id: '1-0',
  event: 'BidReceived',
  data: { auctionLotItemId: 4, lotNumber: 12, isDelete: false, ...data },
});

describe('live messages (spec 001 §8)', () => {
  it("shows the organisers' message in the page's language, else in the one written, for 20 seconds", () => {
    const announcement = (message: Record<string, string>) => ({
      id: '2-0',
      event: 'AuctionAnnouncement',
      data: { announcementId: 4, message },
    });
    const both = announcement({ en: 'Bidding closes in 10 minutes.', fr: 'Les mises ferment dans 10 minutes.' });
    expect(liveMessageFor(both, context({ locale: 'fr' }))).toEqual({
      kind: 'info',
      messageId: 'auction_announcement',
      values: { text: 'Les mises ferment dans 10 minutes.' },
      durationMs: 20_000,
    });
    expect(liveMessageFor(both, context())?.values).toEqual({ text: 'Bidding closes in 10 minutes.' });
    expect(liveMessageFor(announcement({ fr: 'Le buffet est servi.' }), context())?.values).toEqual({
      text: 'Le buffet est servi.',
    });
    expect(liveMessageFor(announcement({}), context())).toBeNull();
  });

  it('tells a leader who lost the lead, naming the lot', () => {
    expect(liveMessageFor(bid({ leaderUserId: 'x' }), context({ wasLeading: () => true }))).toEqual({
      kind: 'warning',
      messageId: 'lost_winning_bid',
      values: { lotNumber: 12 },
    });
    expect(
      liveMessageFor(bid({ leaderUserId: 'x' }), context({ wasLeading: () => true, isFavorite: () => true }))
        ?.messageId,
    ).toBe('lost_favorite_winning_bid');
    expect(
      liveMessageFor(bid({ leaderUserId: 'x' }), context({ wasLeading: () => true, hasMaxBid: () => true }))?.messageId,
    ).toBe('lost_autobid_winning_bid_from_autobid');
  });

  // Spec 001 §8: one counter-bid, one message; the bid's own answer already said a maximum beat it.
  it('does not tell a bidder again that a maximum answered the bid they just placed', () => {
    const answered = bid({ leaderUserId: 'x', isAutoBid: true });
    expect(liveMessageFor(answered, context({ wasLeading: () => true, actedRecently: () => true }))).toBeNull();
    // Not just placed by them: a lost lead as ever; nor a manual bid by someone else meanwhile.
    expect(liveMessageFor(answered, context({ wasLeading: () => true }))?.messageId).toBe('lost_winning_bid');
    expect(
      liveMessageFor(
        bid({ leaderUserId: 'x', isAutoBid: false }),
        context({ wasLeading: () => true, actedRecently: () => true }),
      )?.messageId,
    ).toBe('lost_winning_bid');
  });

  it('says nothing to the new leader, and bid_has_been_done to a viewer of the lot', () => {
    expect(liveMessageFor(bid({ leaderUserId: 'me' }), context({ wasLeading: () => true }))).toBeNull();
    expect(liveMessageFor(bid({ leaderUserId: 'x' }), context())).toBeNull();
    expect(liveMessageFor(bid({ leaderUserId: 'x' }), context({ viewingLotId: 4 }))?.messageId).toBe(
      'bid_has_been_done',
    );
    expect(
      liveMessageFor(bid({ leaderUserId: 'x' }), context({ viewingLotId: 4, actedRecently: () => true })),
    ).toBeNull();
    expect(liveMessageFor(bid({ isDelete: true }), context({ viewingLotId: 4 }))?.messageId).toBe(
      'bid_has_been_deleted',
    );
  });

  it('tells who a corrected stage sale now stands at, and whom it was wrongly recorded on, that it was corrected', () => {
    const corrected = bid({ leaderUserId: 'me', isCorrection: true });
    expect(liveMessageFor(corrected, context())).toEqual({
      kind: 'success',
      messageId: 'live_sale_corrected_won',
      values: { lotNumber: 12 },
    });
    // The bidder who was recorded by mistake is not told they were outbid.
    expect(liveMessageFor(bid({ leaderUserId: 'x', isCorrection: true }), context({ wasLeading: () => true }))).toEqual(
      { kind: 'warning', messageId: 'live_sale_corrected_lost', values: { lotNumber: 12 } },
    );
    expect(
      liveMessageFor(bid({ leaderUserId: 'x', isCorrection: true }), context({ viewingLotId: 4 }))?.messageId,
    ).toBe('live_sale_corrected');
    expect(liveMessageFor(bid({ leaderUserId: 'x', isCorrection: true }), context())).toBeNull();
    // Its close message is not a second announcement.
    const close = { id: '1-1', event: 'AuctionLotItemClose', data: { auctionLotItemId: 4, corrected: true } };
    expect(liveMessageFor(close, context({ viewingLotId: 4 }))).toBeNull();
  });

  it('announces auction and lot changes', () => {
    const event = (name: string, data: Record<string, unknown> = {}) => ({ id: '1-0', event: name, data });
    expect(liveMessageFor(event('AuctionEnded'), context())?.messageId).toBe('auction_ended');
    // The invoices generated: news for someone signed in (they may have won), not for a visitor.
    expect(liveMessageFor(event('AuctionInvoiceGenerated', { status: 5 }), context())?.messageId).toBe(
      'auction_invoices_ready',
    );
    expect(liveMessageFor(event('AuctionInvoiceGenerated', { status: 5 }), context({ userId: null }))).toBeNull();
    expect(liveMessageFor(event('AuctionStarted'), context())?.messageId).toBe('auction_starting_now');
    expect(liveMessageFor(event('AuctionPreOpen'), context())?.messageId).toBe('auction_pre_open_now');
    expect(liveMessageFor(event('AuctionEndDateChanged'), context())?.messageId).toBe('auction_time_changed');
    expect(liveMessageFor(event('AuctionLotItemCreated'), context())?.messageId).toBe('new_auction_lot_item_added');
    // The close names its lot by the number the event carries.
    expect(
      liveMessageFor(event('AuctionLotItemClose', { auctionLotItemId: 4, lotNumber: 12, early: true }), context()),
    ).toEqual({ kind: 'info', messageId: 'item_has_been_closed', values: { lotNumber: 12 } });
    expect(
      liveMessageFor(
        event('AuctionLotItemEndDateChanged', { auctionLotItemId: 4, auctionLotItemNumber: 12 }),
        context({ viewingLotId: 4 }),
      ),
    ).toEqual({ kind: 'info', messageId: 'auction_lot_item_time_changed', values: { lotNumber: 12 } });
    expect(
      liveMessageFor(event('MultiSaleQuantityAdjusted', { auctionLotItemId: 4 }), context({ viewingLotId: 4 }))
        ?.messageId,
    ).toBe('item_has_been_bougth');
  });
});

describe('hub positions', () => {
  it('orders stream ids past 2^53 exactly', () => {
    expect(isNewerId('1795267742406-10', '1795267742406-9')).toBe(true);
    expect(isNewerId('99999999999999999999-0', '99999999999999999998-5')).toBe(true);
    expect(isNewerId('1-0', '1-0')).toBe(false);
    expect(isNewerId('1-0', undefined)).toBe(true);
  });
});
