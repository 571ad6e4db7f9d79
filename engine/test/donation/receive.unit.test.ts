import { describe, expect, it } from 'vitest';
import { donationDecider } from '../../src/donation/decider.ts';
import { AT, auction, command, event, given, history } from './given.ts';

describe('a donation received', () => {
  it('takes a preset amount in an active auction with internal donations, at the server’s time', () => {
    const after = given([])
      .when(command.receive({ clientDateCreated: AT - 5_000 }))
      .then([event.received({ clientDateCreated: AT - 5_000 })]);
    expect(after.received).toMatchObject({ amount: 25_00, userId: 'u1', at: AT, commandId: 'c-receive' });
    expect(after.deleted).toBeNull();
  });

  it('takes an anonymous donation', () => {
    given([])
      .when(command.receive({ userId: null, donorId: null }))
      .then([event.received({ userId: null })]);
  });

  it('refuses another amount unless the auction allows it', () => {
    given([])
      .when(command.receive({ amount: 12_34 }))
      .then('invalid_donation_amount');
    given([])
      .when(command.receive({ amount: 12_34, auction: auction({ donationAllowOtherAmount: true }) }))
      .then([event.received({ amount: 12_34 })]);
  });

  it('refuses an auction that is not active, then one without internal donations', () => {
    for (const status of [1, 2, 4, 5, 6]) {
      given([])
        .when(command.receive({ auction: auction({ status }) }))
        .then('auctionNotActive');
    }
    for (const donationType of [0, 2]) {
      given([])
        .when(command.receive({ auction: auction({ donationType }) }))
        .then('donation_not_allowed');
    }
    given([])
      .when(command.receive({ amount: 12_34, auction: auction({ status: 2, donationType: 2 }) }))
      .then('auctionNotActive');
  });
});

describe('the donation id', () => {
  const received = history(command.receive());

  it('names one donation: the same donation again is a retry with nothing new, whatever the client’s date', () => {
    given(received)
      .when(command.receive({ commandId: 'c-again', clientDateCreated: AT - 1 }))
      .then([]);
  });

  it('with another auction, donor or amount is a conflict', () => {
    given(received)
      .when(command.receive({ commandId: 'c-other', amount: 50_00 }))
      .then('donation_id_conflict');
    given(received)
      .when(command.receive({ commandId: 'c-other', auction: auction({ id: 8 }) }))
      .then('donation_id_conflict');
    given(received)
      .when(command.receive({ commandId: 'c-other', userId: 'u2', donorId: 'u2' }))
      .then('donation_id_conflict');
    given(received)
      .when(command.receive({ commandId: 'c-other', userId: null, donorId: null }))
      .then('donation_id_conflict');
  });

  it('is a retry before the auction’s settings are looked at again: a retry after the auction closed answers the same', () => {
    given(received)
      .when(command.receive({ commandId: 'c-late', auction: auction({ status: 4 }) }))
      .then([]);
  });

  it('marks the command that received it as processed, for the command handler', () => {
    const state = given(received).state;
    expect(donationDecider.isProcessed(state, 'c-receive')).toBe(true);
    expect(donationDecider.isProcessed(state, 'c-other')).toBe(false);
  });
});
