import { twilioSignature } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { validTwilioSignature } from '../../src/sms/twilioSignature.ts';

describe('Twilio request signature', () => {
  it("the SMS double signs as Twilio's security documentation shows", () => {
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

  it('the API checks it with the twilio SDK, with or without the default port', () => {
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
    expect(validTwilioSignature('', 'szNqRAxC6bdw2AZHwfBk3S3D+Dk=', url, params)).toBe(false);
  });
});
