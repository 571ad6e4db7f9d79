import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('applies the defaults of an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEMO).toBe(true);
  });

  it('reads and coerces the variables it knows', () => {
    const config = loadConfig({ PORT: '4100', DEMO: 'false', DATABASE_URL: 'postgres://u:p@db:5432/x' });
    expect(config).toMatchObject({ PORT: 4100, DEMO: false, DATABASE_URL: 'postgres://u:p@db:5432/x' });
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('reads which parts a workers process runs: everything by default', () => {
    expect(loadConfig({}).WORKER_ROLES).toEqual({ auction: true, messages: true });
    expect(loadConfig({ WORKER_ROLES: 'messages' }).WORKER_ROLES).toEqual({ auction: false, messages: true });
    expect(loadConfig({ WORKER_ROLES: 'auction, messages' }).WORKER_ROLES).toEqual({ auction: true, messages: true });
    expect(() => loadConfig({ WORKER_ROLES: 'closings' })).toThrow(/WORKER_ROLES/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads the messaging variables: local catchers unless told otherwise', () => {
    const local = loadConfig({});
    expect(local).toMatchObject({ LOCAL_OUTBOX: false, MAIL_FROM: 'Charity Auctions <no-reply@auctions.local>' });
    expect(local.SMTP_URL).toBeUndefined();
    const real = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_FROM_NUMBER: '+15145550100',
      TWILIO_API_URL: 'http://127.0.0.1:4010',
      LOCAL_OUTBOX: 'true',
    });
    expect(real).toMatchObject({ SMTP_URL: 'smtps://user:pass@smtp.example.org:465', LOCAL_OUTBOX: true });
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.org' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ TWILIO_FROM_NUMBER: '5145550100' })).toThrow(/TWILIO_FROM_NUMBER/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'SK0123' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});
