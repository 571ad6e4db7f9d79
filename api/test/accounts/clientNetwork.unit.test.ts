import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/accounts/clientNetwork.ts';

describe('the network an address-keyed limit counts per', () => {
  it('is the address itself for IPv4', () => {
    expect(clientNetwork('203.0.113.5')).toBe('203.0.113.5');
  });

  it("is the IPv6 address's /64, however it is written", () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002:0000:0000:0000:0099',
      '2001:DB8:1:2:FFFF::',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('is the IPv4 client an IPv4-mapped IPv6 address names', () => {
    expect(clientNetwork('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientNetwork('::ffff:cb00:7105')).toBe('203.0.113.5');
  });

  it('keeps anything else as it came', () => {
    expect(clientNetwork('not an address')).toBe('not an address');
    expect(clientNetwork('')).toBe('');
  });
});
