import { describe, expect, it } from 'vitest';
import { smsKeywordOf, smsKeywordReply, twimlReply } from '../../src/sms/smsKeywords.ts';

describe('the SMS keywords, in both languages', () => {
  it.each([
    ['STOP', 'stop', 'en'],
    [' stop ', 'stop', 'en'],
    ['ARRET', 'stop', 'fr'],
    ['arrêt', 'stop', 'fr'],
    ['  Arrêt\n', 'stop', 'fr'],
    ['ARRÊT', 'stop', 'fr'],
    ['START', 'start', 'en'],
    ['début', 'start', 'fr'],
    ['Debut', 'start', 'fr'],
    ['help', 'help', 'en'],
    ['AIDE', 'help', 'fr'],
  ])('reads %j as %s (%s)', (body, action, language) => {
    expect(smsKeywordOf(body)).toEqual({ action, language });
  });

  it('ignores anything that is not the whole message', () => {
    expect(smsKeywordOf('arrêt svp')).toBeNull();
    expect(smsKeywordOf('please stop')).toBeNull();
    expect(smsKeywordOf('')).toBeNull();
  });

  it('answers help in the keyword language and confirms only the French stop and start', () => {
    expect(smsKeywordReply({ action: 'help', language: 'fr' })).toMatch(/Répondez ARRET/);
    expect(smsKeywordReply({ action: 'help', language: 'en' })).toMatch(/Reply STOP/);
    expect(smsKeywordReply({ action: 'stop', language: 'fr' })).toMatch(/ne recevrez plus/);
    expect(smsKeywordReply({ action: 'start', language: 'fr' })).toMatch(/de nouveau/);
    expect(smsKeywordReply({ action: 'stop', language: 'en' })).toBeNull();
  });

  it('escapes the reply into TwiML', () => {
    expect(twimlReply('a < b & c')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>a &lt; b &amp; c</Message></Response>',
    );
  });
});
