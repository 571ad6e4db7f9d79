import { describe, expect, it } from 'vitest';
import { devAnswerSchema } from '../../src/api/devAnswers.ts';

describe("the contract's answer schemas the client checks in development", () => {
  it('finds a call by method and path, its query string aside', async () => {
    const detail = await devAnswerSchema('GET', '/api/auction-lot-items/12');
    const list = await devAnswerSchema('GET', '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25');
    expect(detail).toBeDefined();
    expect(list).toBeDefined();
    expect(list).not.toBe(detail);
  });

  it('tells a drifted answer from a conforming one', async () => {
    const rates = await devAnswerSchema('GET', '/api/currency-exchange-rates');
    expect(
      rates?.safeParse([{ baseCurrency: 'CAD', targetCurrency: 'USD', rate: 0.72, date: '2026-11-23' }]).success,
    ).toBe(true);
    expect(rates?.safeParse([{ base: 'CAD' }]).success).toBe(false);
    expect((await devAnswerSchema('GET', '/api/auction-lot-items/12'))?.safeParse({}).success).toBe(false);
  });

  it('knows nothing of a call the contract does not name here', async () => {
    expect(await devAnswerSchema('DELETE', '/api/auction-lot-items/12')).toBeUndefined();
    expect(await devAnswerSchema('GET', '/api/unknown')).toBeUndefined();
  });
});
