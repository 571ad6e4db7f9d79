import { describe, expect, it } from 'vitest';
import { brandIdForHost, parseBrandHosts } from '../../src/brands/brands.ts';

describe('host → brand table', () => {
  const table = parseBrandHosts('localhost=1, 127.0.0.1=2 ,Encans.Example=2');
  it('matches a host without case, port brackets or a trailing dot', () => {
    expect(brandIdForHost(table, 'ENCANS.example.')).toBe(2);
    expect(brandIdForHost(table, '127.0.0.1')).toBe(2);
    expect(brandIdForHost(table, 'localhost')).toBe(1);
  });
  it('gives the default brand 1 to an unknown host', () => {
    expect(brandIdForHost(table, 'other.example')).toBe(1);
  });
  it('refuses a table entry that is not host=1 or host=2', () => {
    expect(() => parseBrandHosts('localhost=3')).toThrow(/BRAND_HOSTS/);
    expect(() => parseBrandHosts('localhost')).toThrow(/BRAND_HOSTS/);
  });
});
