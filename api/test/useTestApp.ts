import { startedHandle } from '@auction/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './testApp.ts';

export interface UsedTestApp extends TestApp {
  /** The demo gala's id (0 without the demo). */
  galaId: number;
}

/**
 * The test app of a file: started before its tests, closed after them. The handle it returns
 * answers for the started app once the tests run (reading it at the file's top level throws).
 * `caughtUp`: the read models have projected the demo before the first test.
 */
export function useTestApp(options: Parameters<typeof startTestApp>[0] & { caughtUp?: boolean } = {}): UsedTestApp {
  const { caughtUp, ...startOptions } = options;
  let started: UsedTestApp | undefined;
  beforeAll(async () => {
    const test = await startTestApp(startOptions);
    const galaId = startOptions.demo === false ? 0 : await test.auctionId('demo-gala');
    if (caughtUp) await test.projections.caughtUp();
    started = Object.assign(test, { galaId });
  });
  afterAll(async () => {
    await started?.close();
  });
  return startedHandle(() => started, 'the test app');
}
