import { describe, expect, it } from 'vitest';
import { sameTerms, termsOfChange, termsOfRow } from '../../src/announcements/announcementTerms.ts';

const waiting = {
  message_en: null,
  message_fr: 'Le tirage a lieu à 22 h.',
  audience: 'all' as const,
  channels: ['email' as const, 'sms' as const],
  send_at: new Date('2026-12-05T03:00:00Z'),
  minutes_before_end: null,
  closing_group_id: null,
};

describe('the terms a change of an announcement replaces and keeps', () => {
  it('reads a row as it is, its time as an ISO date', () => {
    expect(termsOfRow(waiting)).toEqual({ ...waiting, send_at: '2026-12-05T03:00:00.000Z' });
  });

  it('keeps the audience it had when a change names none', () => {
    const time = { sendAt: Date.parse('2026-12-05T02:30:00Z'), minutesBeforeEnd: null, closingGroupId: null };
    expect(termsOfChange({ message: { fr: 'Avancé.' }, channels: ['email'] }, time, 'guest')).toMatchObject({
      message_fr: 'Avancé.',
      message_en: null,
      audience: 'guest',
      send_at: '2026-12-05T02:30:00.000Z',
    });
    expect(
      termsOfChange({ message: { en: 'Moved.' }, channels: ['push'], audience: 'arrived' }, time, 'all'),
    ).toMatchObject({ audience: 'arrived', channels: ['push'] });
  });

  it('finds the same terms whatever the order of the channels or the writing of the time', () => {
    const terms = termsOfRow(waiting);
    expect(sameTerms(terms, { ...terms, channels: ['sms', 'email'], send_at: '2026-12-05T03:00:00Z' })).toBe(true);
    expect(sameTerms(terms, { ...terms, channels: ['email'] })).toBe(false);
    expect(sameTerms(terms, { ...terms, send_at: '2026-12-05T03:01:00Z' })).toBe(false);
    expect(sameTerms(terms, { ...terms, message_en: 'The draw is at 10.' })).toBe(false);
    expect(sameTerms(terms, { ...terms, send_at: null, minutes_before_end: 10 })).toBe(false);
    expect(sameTerms(terms, { ...terms, audience: 'arrived' })).toBe(false);
  });
});
