import { AUCTION_EXPORT_KINDS, LotType } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../../src/bulk/csv.ts';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { openLot } from '../../../../fixtures/lots.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');

const download = (kind: string, token = staff.manager) =>
  callAs(test.app, token, 'GET', `/api/admin/auctions/${test.galaId}/exports/${kind}`);
const recordsOf = (body: string) => parseCsv(body).map((r) => r.fields);

describe("the auction's CSV exports", () => {
  it('downloads each kind as UTF-8 CSV with a byte order mark, money in dollars and ISO times', async () => {
    for (const kind of AUCTION_EXPORT_KINDS) {
      const file = await download(kind);
      expect(file.statusCode, `${kind}: ${file.body}`).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="auction-${test.galaId}-${kind}.csv"`);
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    }
    const lots = recordsOf((await download('lots')).body);
    const header = lots[0] as string[];
    expect(header.slice(0, 4)).toEqual(['lotNumber', 'nameFr', 'nameEn', 'type']);
    const startingBid = header.indexOf('startingBid');
    const ends = header.indexOf('dateCompleted');
    for (const row of lots.slice(1)) {
      expect(row[startingBid]).toMatch(/^(\d+\.\d{2})?$/);
      expect(row[ends]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(lots.length).toBeGreaterThan(5);
  });

  it('lists a live sale among the winners, corrected when it was, names with accents and commas intact', async () => {
    const bidder = await registerConfirmed(test, { firstName: 'Zoé, "la"', lastName: 'Côté' });
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: test.galaId, user_id: bidder.id, status: 2 })
      .execute();
    const lotId = await openLot(test, { type: LotType.Live });
    const sold = await callAs(test.app, staff.manager, 'POST', `/api/admin/lots/${lotId}/live-sale`, {
      bidderId: bidder.id,
      amount: '1234.5',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    await test.projections.caughtUp();
    const winners = recordsOf((await download('winners')).body);
    const header = winners[0] as string[];
    const row = winners.find((r) => r[header.indexOf('winnerEmail')] === bidder.body.username) as string[];
    expect(row[header.indexOf('winnerName')]).toBe('Zoé, "la" Côté');
    expect(row[header.indexOf('price')]).toBe('1234.50');
    expect(row[header.indexOf('soldOnStage')]).toBe('yes');
    expect(row[header.indexOf('stageSaleCorrected')]).toBe('no');
    // The price was mistyped: the corrected sale is what the winners list shows, marked corrected.
    const corrected = await callAs(test.app, staff.manager, 'POST', `/api/admin/lots/${lotId}/live-sale/correction`, {
      bidderId: bidder.id,
      amount: '1324.5',
      reason: 'Price mistyped',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await test.projections.caughtUp();
    const after = recordsOf((await download('winners')).body);
    const fixed = after.find((r) => r[header.indexOf('winnerEmail')] === bidder.body.username) as string[];
    expect([fixed[header.indexOf('price')], fixed[header.indexOf('stageSaleCorrected')]]).toEqual(['1324.50', 'yes']);
    const bidders = recordsOf((await download('bidders')).body);
    expect(bidders.some((r) => r.includes(bidder.body.username))).toBe(true);
  });

  it('answers only the organisation’s operators, and a known kind', async () => {
    expect((await download('passwords')).statusCode).toBe(400);
    const bidder = await registerConfirmed(test);
    for (const token of [staff.volunteer, bidder.token])
      expect((await download('winners', token)).statusCode).toBe(403);
  });
});
