import { describe, expect, it } from 'vitest';
import { donationDecider } from '../../src/donation/decider.ts';
import { AT, command, event, given, history } from './given.ts';

describe('a donation deleted', () => {
  it('records the deletion with the donation’s amount and donor, and who deleted it', () => {
    const after = given(history(command.receive())).when(command.delete()).then([event.deleted()]);
    expect(after.deleted).toEqual({ at: AT + 60_000, by: 'admin', commandId: 'don-00000001:deleted' });
    expect(after.received).not.toBeNull();
    expect(donationDecider.isProcessed(after, 'don-00000001:deleted')).toBe(true);
  });

  it('deletes once: a second deletion is a retry with nothing new', () => {
    given(history(command.receive(), command.delete()))
      .when(command.delete({ userId: 'another-operator' }))
      .then([]);
  });

  it('refuses a donation never received', () => {
    given([]).when(command.delete()).then('donation_not_found');
  });

  it('keeps a deleted donation’s id taken: the same donation again answers as before, another is a conflict', () => {
    const deleted = history(command.receive(), command.delete());
    given(deleted)
      .when(command.receive({ commandId: 'c-again' }))
      .then([]);
    given(deleted)
      .when(command.receive({ commandId: 'c-other', amount: 50_00 }))
      .then('donation_id_conflict');
  });
});
