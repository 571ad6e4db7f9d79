import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../src/scenario/index.ts';
import { scenarioFixtures } from './paths.ts';

const fixtures = scenarioFixtures();

describe('scenario fixtures', () => {
  it('cover the rules', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures)('$name', ({ text, expected }) => {
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(runScenario(parsed.scenario)).toEqual(expected);
  });
});

describe('the examples of the brief', () => {
  const outcome = (name: string) => {
    const fixture = fixtures.find((each) => each.name === name);
    const parsed = fixture === undefined ? undefined : parseScenario(fixture.text);
    if (parsed === undefined || !parsed.ok) throw new Error(`no fixture ${name}`);
    return runScenario(parsed.scenario);
  };

  it('a max answers a manual bid and keeps the lead', () => {
    expect(outcome('max-answers-bid')).toMatchObject({
      results: [{ accepted: true }, { accepted: true }],
      final: {
        price: '21.00',
        leader: 'alice',
        bids: [
          { bidder: 'alice', amount: '10.00', isAutoBid: true },
          { bidder: 'bob', amount: '20.00', isAutoBid: false },
          { bidder: 'alice', amount: '21.00', isAutoBid: true },
        ],
      },
    });
  });

  it('removing a manual bid recomputes the standing', () => {
    expect(outcome('remove-manual-bid')).toMatchObject({
      results: [{ accepted: true }, { accepted: true }, { accepted: true }, { accepted: true }],
      final: {
        price: '12.00',
        leader: 'bob',
        bids: [
          { bidder: 'alice', amount: '10.00', isAutoBid: false },
          { bidder: 'bob', amount: '12.00', isAutoBid: false },
        ],
      },
    });
  });
});
