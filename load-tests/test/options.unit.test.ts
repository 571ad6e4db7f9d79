import { describe, expect, it } from 'vitest';
import { parseDuration, parseOptions, UsageError } from '../src/options.ts';

describe('options', () => {
  it('reads durations and the scenario defaults', () => {
    expect(parseDuration('30s')).toBe(30);
    expect(parseDuration('2m')).toBe(120);
    expect(parseDuration('45')).toBe(45);
    const options = parseOptions(['--scenario', 'hot-lot', '--duration', '30s', '--api', '2', '--no-baselines'], {});
    expect(options).toMatchObject({
      scenario: 'hot-lot',
      durationSeconds: 30,
      apiProcesses: 2,
      lots: 1,
      baselines: false,
    });
    expect(parseOptions(['--target', 'http://a:1/,http://b:2'], {}).targets).toEqual(['http://a:1', 'http://b:2']);
  });

  it('refuses what it does not know', () => {
    expect(() => parseOptions(['--scenario', 'stampede'], {})).toThrow(UsageError);
    expect(() => parseOptions(['--rate', 'fast'], {})).toThrow(UsageError);
    expect(() => parseOptions(['--colour', 'red'], {})).toThrow(UsageError);
    expect(() => parseOptions(['--json'], {})).toThrow(UsageError);
  });
});
