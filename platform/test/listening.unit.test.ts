import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('where the API listens and whose address counts', () => {
  it('listens on loopback and trusts no proxy unless told', () => {
    expect(loadConfig({})).toMatchObject({ HOST: '127.0.0.1', TRUST_PROXY: false });
    expect(loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: 'false' })).toMatchObject({
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
    });
  });

  it('reads TRUST_PROXY as addresses, CIDRs and names, or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('refuses `true` (any client would choose its own address) and what is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.local' })).toThrow(/TRUST_PROXY.*proxy\.local/s);
  });
});
