import { describe, expect, it } from 'vitest';
import { decideRestart } from '../lib/restartPolicy.ts';

describe('restarting a process that died', () => {
  it('restarts the first death quickly, then backs off', () => {
    expect(decideRestart([1_000], 1_000)).toEqual({ action: 'restart', delayMs: 500 });
    expect(decideRestart([1_000, 2_000], 2_000)).toEqual({ action: 'restart', delayMs: 1_000 });
    expect(decideRestart([1_000, 2_000, 3_000, 4_000], 4_000)).toEqual({ action: 'restart', delayMs: 4_000 });
  });

  it('gives up at the fifth death within a minute', () => {
    expect(decideRestart([0, 10_000, 20_000, 30_000, 40_000], 40_000)).toEqual({ action: 'give-up', deaths: 5 });
  });

  it('forgets deaths older than a minute', () => {
    expect(decideRestart([0, 10_000, 20_000, 30_000, 70_000], 70_000)).toEqual({ action: 'restart', delayMs: 2_000 });
    expect(decideRestart([0, 1, 2, 3, 200_000], 200_000)).toEqual({ action: 'restart', delayMs: 500 });
  });
});
