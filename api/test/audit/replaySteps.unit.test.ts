import { command, END, recordedEvents } from '@auction/engine/testing';
import { describe, expect, it } from 'vitest';
import { peopleOf, replaySteps } from '../../src/audit/replaySteps.ts';

const nameOf = (id: string) => ({ userId: id, name: `Name of ${id}`, email: null });

/** A lot's stream as the store holds it: the engine's events with a hash and a recorded time each. */
function stream() {
  const events = recordedEvents('lot-1', [
    command.open(undefined, { id: 'open' }),
    command.bid('alice', 10_00, { id: 'alice-bid' }),
    command.max('bob', 50_00, { id: 'bob-max' }),
    command.remove({ sourceCommandId: 'bob-max' }, { id: 'removal' }),
    command.close({ id: 'close' }),
  ]);
  return events.map((event) => ({ ...event, recordedAt: event.meta.at + 5, hash: `hash-${event.streamVersion}` }));
}

describe("the auditor's replay steps", () => {
  it('gives one step per command, in order, with its events, its time, who sent it and the standing after it', () => {
    const steps = replaySteps(stream(), nameOf);
    expect(steps.map((s) => s.command)).toEqual(['OpenLot', 'PlaceBid', 'PlaceMaxBid', 'RemoveBid', 'CloseLot']);
    expect(steps.map((s) => s.commandId)).toEqual(['open', 'alice-bid', 'bob-max', 'removal', 'close']);

    const bobMax = steps[2];
    // Bob's max places his maximum and an automatic bid one increment over Alice.
    expect(bobMax?.events.map((e) => [e.type, e.version, e.hash])).toEqual([
      ['MaxBidPlaced', 3, 'hash-3'],
      ['BidPlaced', 4, 'hash-4'],
    ]);
    expect(bobMax?.events[1]).toMatchObject({
      bidder: { name: 'Name of bob' },
      amount: { value: 11 },
      isAutoBid: true,
    });
    expect(bobMax?.actor?.name).toBe('Name of bob');
    expect(bobMax?.standing).toMatchObject({ price: { value: 11 }, leader: { userId: 'bob' }, bidCount: 2 });
    expect(bobMax?.standing.maxBids).toEqual([{ bidder: nameOf('bob'), amount: { value: 50, currencyCode: 'CAD' } }]);
    expect(bobMax?.standing.dateCompleted).toBe(new Date(END).toISOString());
    expect(bobMax?.removal).toBeNull();
  });

  it("tells a removal's who, why, and the standing before and after it", () => {
    const removal = replaySteps(stream(), nameOf)[3]?.removal;
    expect(removal).toMatchObject({
      removedBy: { userId: 'admin' },
      bidder: { userId: 'bob' },
      reason: 'shill bidding',
      removedCommandIds: ['bob-max'],
    });
    expect(removal?.before).toMatchObject({ price: { value: 11 }, leader: { userId: 'bob' } });
    expect(removal?.before.maxBids).toHaveLength(1);
    // Without Bob's max, Alice's opening bid leads again, and no max stands.
    expect(removal?.after).toMatchObject({ price: { value: 10 }, leader: { userId: 'alice' } });
    expect(removal?.after.maxBids).toEqual([]);
    // The removal's event names whose bid went, and no amount of its own.
    expect(replaySteps(stream(), nameOf)[3]?.events[0]).toMatchObject({
      type: 'BidRemoved',
      bidder: { userId: 'bob' },
      amount: null,
    });
  });

  it("closes on the winner, and takes the server's time of each command, not the recording's", () => {
    const steps = replaySteps(stream(), nameOf);
    const close = steps[4];
    expect(close?.actor).toBeNull();
    expect(close?.at).toBe(new Date(END).toISOString());
    expect(close?.events[0]?.recordedAt).toBe(new Date(END + 5).toISOString());
    expect(close?.standing).toMatchObject({ status: 5, winner: { userId: 'alice' }, price: { value: 10 } });
  });

  it("names a stage sale's correction, the winner it replaced and why, with the corrected standing", () => {
    const events = recordedEvents('lot-1', [
      command.open(undefined, { id: 'open' }),
      command.liveSale('carol', 250_00, { id: 'sale' }),
      command.correctLiveSale('dave', 260_00, { id: 'fix', reason: 'Paddle 12 misread as 21' }),
    ]).map((event) => ({ ...event, recordedAt: event.meta.at, hash: `hash-${event.streamVersion}` }));
    const steps = replaySteps(events, nameOf);
    expect(steps.map((s) => s.command)).toEqual(['OpenLot', 'RecordLiveSale', 'CorrectLiveSale']);
    const fix = steps[2];
    expect(fix?.actor?.userId).toBe('admin');
    expect(fix?.events[0]).toMatchObject({
      type: 'LiveSaleCorrected',
      bidder: { userId: 'dave' },
      amount: { value: 260 },
      data: { previousBidderId: 'carol', previousPrice: 250_00, reason: 'Paddle 12 misread as 21' },
    });
    expect(fix?.standing).toMatchObject({ status: 5, winner: { userId: 'dave' }, price: { value: 260 } });
    expect(fix?.correction).toEqual({
      previousWinner: nameOf('carol'),
      previousPrice: { value: 250, currencyCode: 'CAD' },
      winner: nameOf('dave'),
      price: { value: 260, currencyCode: 'CAD' },
      reason: 'Paddle 12 misread as 21',
    });
    expect(steps[1]?.correction).toBeNull();
    // The auditor sees the replaced winner by name too.
    expect(peopleOf(events)).toEqual(expect.arrayContaining(['carol', 'dave', 'admin']));
  });

  it('reads an empty stream as no step', () => {
    expect(replaySteps([], nameOf)).toEqual([]);
  });
});
