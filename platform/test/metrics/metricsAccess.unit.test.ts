import { describe, expect, it } from 'vitest';
import { mayReadMetrics } from '../../src/metrics/metricsAccess.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const from = (socketAddress: string, extra: { forwarded?: boolean; authorization?: string } = {}) => ({
  socketAddress,
  forwarded: extra.forwarded ?? false,
  authorization: extra.authorization,
});

describe('who may read /metrics', () => {
  it('lets this machine in without a token', () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect(mayReadMetrics(from(address), undefined)).toBe(true);
    }
  });

  it('refuses other machines, and a request a local proxy forwarded, without the token', () => {
    expect(mayReadMetrics(from('10.0.0.5'), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('::ffff:10.0.0.5'), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('128.0.0.1'), undefined)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', { forwarded: true }), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('10.0.0.5', { authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('10.0.0.5', { authorization: TOKEN }), TOKEN)).toBe(false);
  });

  it('lets anyone with the token in, and nobody with a token when none is configured', () => {
    expect(mayReadMetrics(from('10.0.0.5', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(mayReadMetrics(from('127.0.0.1', { forwarded: true, authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(mayReadMetrics(from('10.0.0.5', { authorization: 'Bearer ' }), undefined)).toBe(false);
  });
});
