import type { RecordedEvent } from '@auction/engine';
import { describe, expect, it } from 'vitest';
import { asDonationEvent, donationAfter, donationFromStream, donationLine } from '../../src/index.ts';

const received = (version = 1): RecordedEvent => ({
  streamId: 'donation-d1',
  streamVersion: version,
  globalPosition: version,
  type: 'DonationReceived',
  data: { donationId: 'd1', auctionId: 3, userId: 'u1', amount: 25_00, clientDateCreated: null },
  meta: { commandId: 'd1', userId: 'u1', at: 1_000 },
});
const deleted: RecordedEvent = {
  streamId: 'donation-d1',
  streamVersion: 2,
  globalPosition: 9,
  type: 'DonationDeleted',
  data: { donationId: 'd1', auctionId: 3, userId: 'u1', amount: 25_00 },
  meta: { commandId: 'd1:deleted', userId: 'admin', at: 2_000 },
};

describe('the donation projection', () => {
  it('records a donation, then its deletion, and ignores a redelivery', () => {
    const row = donationAfter(null, asDonationEvent(received()));
    expect(row).toEqual({
      donationId: 'd1',
      auctionId: 3,
      userId: 'u1',
      amount: 25_00,
      donatedAt: 1_000,
      clientDateCreated: null,
      deletedAt: null,
      deletedBy: null,
      streamVersion: 1,
    });
    expect(donationAfter(row, asDonationEvent(received()))).toBeNull();
    const gone = donationAfter(row, asDonationEvent(deleted));
    expect(gone).toMatchObject({ deletedAt: 2_000, deletedBy: 'admin', streamVersion: 2 });
    expect(donationAfter(gone, asDonationEvent(deleted))).toBeNull();
    expect(donationFromStream([received(), deleted])).toEqual(gone);
  });

  it('ignores a deletion of a donation it never received', () => {
    expect(donationAfter(null, asDonationEvent(deleted))).toBeNull();
    expect(donationFromStream([])).toBeNull();
  });

  it('invoices a standing donation with a donor only', () => {
    const row = donationFromStream([received()]);
    expect(row && donationLine(row)).toMatchObject({ lineId: 'donation:d1', bidderId: 'u1', amount: 25_00 });
    const gone = donationFromStream([received(), deleted]);
    expect(gone && donationLine(gone)).toBeNull();
    const anonymous = donationAfter(
      null,
      asDonationEvent({ ...received(), data: { ...(received().data as object), userId: null } }),
    );
    expect(anonymous && donationLine(anonymous)).toBeNull();
  });
});
