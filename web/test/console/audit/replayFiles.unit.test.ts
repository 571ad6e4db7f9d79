import type { auditReplay } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { csvField, REPLAY_CSV_COLUMNS, replayCsv } from '../../../src/console/audit/replayFiles.ts';
import { money, person, replayOf } from './replayFixture.ts';

const standing = (price: number, leader: string) => ({
  status: 2,
  price: { value: price, currencyCode: 'CAD' },
  leader: person(leader),
  winner: null,
  bidCount: 1,
  dateCompleted: '2026-11-23T22:00:00.000Z',
  maxBids: [{ bidder: person(leader), amount: { value: 30, currencyCode: 'CAD' } }],
});
const event = (version: number, type: string, amount: number) => ({
  version,
  type,
  recordedAt: '2026-11-23T21:00:00.001Z',
  hash: `h${version}`,
  bidder: person('Bob'),
  amount: { value: amount, currencyCode: 'CAD' },
  isAutoBid: type === 'BidPlaced',
  data: {},
});

const replay = replayOf([
  {
    index: 0,
    commandId: 'c1',
    command: 'PlaceMaxBid',
    at: '2026-11-23T21:00:00.000Z',
    actor: person('Bob'),
    events: [event(2, 'MaxBidPlaced', 30), event(3, 'BidPlaced', 16)],
    standing: standing(16, 'Bob'),
    removal: null,
    correction: null,
  },
]);

describe("the replay's CSV", () => {
  it('gives one row per event after the header, with the step and the standing after it', () => {
    const lines = replayCsv(replay).trimEnd().split('\r\n');
    expect(lines[0]).toBe(REPLAY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      '1,PlaceMaxBid,c1,2026-11-23T21:00:00.000Z,Bob,2,MaxBidPlaced,Bob,30,false,2026-11-23T21:00:00.001Z,h2,16,Bob,,Bob: 30,2026-11-23T22:00:00.000Z,,,,',
    );
    expect(lines[2]?.split(',').slice(5, 10)).toEqual(['3', 'BidPlaced', 'Bob', '16', 'true']);
  });

  it("names a sale correction's reason and the sale it replaced", () => {
    const corrected = replayOf([
      {
        ...(replay.steps[0] as auditReplay.ReplayStep),
        command: 'CorrectLiveSale',
        events: [event(4, 'LiveSaleCorrected', 260)],
        correction: {
          previousWinner: person('Hugo'),
          previousPrice: money(250),
          winner: person('Bob'),
          price: money(260),
          reason: 'Paddle misread',
        },
      },
    ]);
    const [, row] = replayCsv(corrected).trimEnd().split('\r\n');
    expect(row?.split(',').slice(-2)).toEqual(['Paddle misread', 'Hugo: 250']);
  });

  it('quotes commas, quotes and line breaks, and disarms spreadsheet formulas', () => {
    expect(csvField('Tremblay, Marie')).toBe('"Tremblay, Marie"');
    expect(csvField('dit "Bob"')).toBe('"dit ""Bob"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});
