import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from '../src/sms/twilioSignature.ts';

describe('Twilio request signature', () => {
  it("matches the example of Twilio's security documentation", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it('matches what the twilio SDK computes for an inbound SMS', () => {
    // twilio.getExpectedTwilioSignature('12345', url, params) in twilio 6.2.0
    const params = {
      From: '+15145550123',
      Body: 'STOP',
      To: '+15145550100',
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
    };
    const url = 'https://auctions.example.org/api/sms/inbound';
    expect(twilioSignature('12345', url, params)).toBe('szNqRAxC6bdw2AZHwfBk3S3D+Dk=');
    expect(validTwilioSignature('12345', 'szNqRAxC6bdw2AZHwfBk3S3D+Dk=', url, params)).toBe(true);
    expect(
      validTwilioSignature(
        '12345',
        'szNqRAxC6bdw2AZHwfBk3S3D+Dk=',
        'https://auctions.example.org:443/api/sms/inbound',
        params,
      ),
    ).toBe(true);
    expect(validTwilioSignature('12345', 'szNqRAxC6bdw2AZHwfBk3S3D+Dk=', url, { ...params, Body: 'START' })).toBe(
      false,
    );
    expect(validTwilioSignature('12345', undefined, url, params)).toBe(false);
  });
});
