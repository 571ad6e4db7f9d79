import type { Announcement } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client.ts';
import {
  changeRefusalOf,
  conflictParts,
  stillChangeable,
  typedVersion,
} from '../../../src/console/announcements/announcementConflict.ts';
import { draftOf } from '../../../src/console/announcements/announcementDraft.ts';
import { toLocalInput } from '../../../src/console/setup/zonedTime.ts';

const noDelivery = { recipients: 0, sent: 0, skipped: 0, failed: 0, pending: 0 };
const inThreeHours = new Date(Date.now() + 3 * 3600_000);
inThreeHours.setSeconds(0, 0);

/** A message set for later, as someone else left it: the list's version. */
const current: Announcement = {
  id: 7,
  message: { fr: 'Le tirage est avancé à 21 h 30.', en: 'The draw is at 10 p.m.' },
  audience: 'arrived',
  guest: null,
  channels: ['email', 'sms'],
  sentBy: 'Camille Roy',
  recordedAt: '2026-11-23T23:30:00Z',
  sendAt: inThreeHours.toISOString(),
  minutesBeforeEnd: null,
  closingGroup: null,
  sentAt: null,
  cancelledAt: null,
  cancelledBy: null,
  revision: 3,
  changedAt: '2026-11-24T00:10:00Z',
  changedBy: 'Marc Tremblay',
  delivery: { email: noDelivery, sms: noDelivery, push: noDelivery },
};

describe('a change that meets someone else’s', () => {
  it('finds nothing different when the form says what the message now says', () => {
    expect(conflictParts(draftOf(current), current)).toEqual([]);
    // Spaces around the words, and the order the ways were ticked in, say nothing.
    const draft = {
      ...draftOf(current),
      fr: '  Le tirage est avancé à 21 h 30. ',
      channels: ['sms', 'email'] as const,
    };
    expect(conflictParts(draft, current)).toEqual([]);
  });

  it('lists each part the form says otherwise, in the order they are shown', () => {
    const typed = {
      ...draftOf(current),
      en: 'The draw is at 9:30 p.m.',
      audience: 'all' as const,
      channels: ['sms'] as const,
      sendAt: toLocalInput(new Date(inThreeHours.getTime() + 3600_000).toISOString()),
    };
    expect(conflictParts(typed, current)).toEqual(['en', 'audience', 'channels', 'when']);
    // A language left blank is not sent: it differs from the words it has.
    expect(conflictParts({ ...draftOf(current), fr: '   ' }, current)).toEqual(['fr']);
  });

  it('reads the time typed in the browser’s zone as the moment the server has', () => {
    expect(typedVersion(draftOf(current), current).sendAt).not.toBe(current.sendAt);
    expect(conflictParts(draftOf(current), current)).not.toContain('when');
  });

  it('tells a message tied to an end by its minutes and group, not by the time that makes', () => {
    const tied: Announcement = {
      ...current,
      minutesBeforeEnd: 15,
      closingGroup: { id: 41, name: { en: 'Lounge tables' } },
    };
    expect(conflictParts(draftOf(tied), tied)).toEqual([]);
    expect(conflictParts({ ...draftOf(tied), minutesBeforeEnd: '10' }, tied)).toEqual(['when']);
    expect(conflictParts({ ...draftOf(tied), closingGroupId: '' }, tied)).toEqual(['when']);
    expect(conflictParts(draftOf(current), tied)).toEqual(['when']);
  });

  it('never sets a message to one guest against another audience: it stays theirs', () => {
    const toGuest: Announcement = { ...current, audience: 'guest', guest: { userId: 'u-7', name: 'Élise Gagnon' } };
    expect(typedVersion(draftOf(toGuest), toGuest).audience).toBe('guest');
    expect(conflictParts(draftOf(toGuest), toGuest)).toEqual([]);
  });

  it('reads the refusals that say what happened to the message meanwhile, and only those', () => {
    const changed = new ApiError(409, 'announcement_changed', ['announcement_changed'], {
      message: 'announcement_changed',
      revision: 4,
    });
    expect(changeRefusalOf(changed, 3)).toEqual({ kind: 'changed', revision: 4 });
    expect(changeRefusalOf(new ApiError(409, 'announcement_changed'), 3)).toEqual({ kind: 'changed', revision: 4 });
    expect(changeRefusalOf(new ApiError(409, 'announcement_not_changeable'), 3)).toEqual({ kind: 'gone' });
    expect(changeRefusalOf(new ApiError(422, 'idempotency_key_reused'), 3)).toBeNull();
    expect(changeRefusalOf(new ApiError(400, 'announcement_send_at_past'), 3)).toBeNull();
    expect(changeRefusalOf(new TypeError('Failed to fetch'), 3)).toBeNull();
  });

  it('can still be saved over only while it waits for its time', () => {
    const now = Date.now();
    expect(stillChangeable(current, now)).toBe(true);
    expect(stillChangeable({ ...current, sentAt: new Date(now).toISOString() }, now)).toBe(false);
    expect(stillChangeable({ ...current, cancelledAt: new Date(now).toISOString() }, now)).toBe(false);
    expect(stillChangeable({ ...current, sendAt: new Date(now - 60_000).toISOString() }, now)).toBe(false);
  });
});
