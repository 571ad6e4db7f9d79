import { describe, expect, it } from 'vitest';
import { ClientBudgets, MessageBudget } from '../../src/hub/messageBudget.ts';

const rule = { perSecond: 20, burst: 40 };
const spend = (budget: MessageBudget, count: number, at: number) =>
  Array.from({ length: count }, () => budget.take(at)).filter(Boolean).length;

describe("a hub connection's message budget", () => {
  it('given a fresh connection, when it sends a burst, then the first 40 pass and the rest are over budget', () => {
    const budget = new MessageBudget(rule, 0);
    expect(spend(budget, 40, 0)).toBe(40);
    expect(budget.take(0)).toBe(false);
  });

  it('given a spent budget, when time passes, then tokens come back at 20 a second', () => {
    const budget = new MessageBudget(rule, 0);
    spend(budget, 40, 0);
    expect(budget.take(49)).toBe(false);
    expect(budget.take(50)).toBe(true);
    expect(spend(budget, 30, 1050)).toBe(20);
  });

  it('given a quiet connection, when it waits long, then it never saves more than the burst', () => {
    const budget = new MessageBudget(rule, 0);
    expect(spend(budget, 100, 60_000)).toBe(40);
  });

  it('given a steady client at its rate, then it is never refused', () => {
    const budget = new MessageBudget(rule, 0);
    for (let at = 0; at < 10_000; at += 50) expect(budget.take(at)).toBe(true);
  });

  it('given a clock going backwards, then nothing is refilled', () => {
    const budget = new MessageBudget(rule, 1000);
    spend(budget, 40, 1000);
    expect(budget.take(0)).toBe(false);
  });
});

describe("the long poll's budget per client address", () => {
  const pollRule = { perSecond: 20, burst: 100 };

  it('given a client polling 100 auctions, when it polls again at once, then it is over budget; another client is not', () => {
    const budgets = new ClientBudgets(pollRule);
    expect(budgets.take('10.0.0.1', 100, 0)).toBe(true);
    expect(budgets.take('10.0.0.1', 1, 0)).toBe(false);
    expect(budgets.take('10.0.0.2', 100, 0)).toBe(true);
  });

  it('given a page polling one auction at every tick of news, then it is never refused', () => {
    const budgets = new ClientBudgets(pollRule);
    for (let at = 0; at < 10_000; at += 100) expect(budgets.take('10.0.0.1', 1, at)).toBe(true);
  });

  it('given more clients than it keeps, then it forgets the longest unseen, not the active one', () => {
    const budgets = new ClientBudgets(pollRule, 2);
    expect(budgets.take('flood', 100, 0)).toBe(true);
    budgets.take('a', 1, 0);
    budgets.take('flood', 0, 0);
    budgets.take('b', 1, 0);
    expect(budgets.take('flood', 1, 0)).toBe(false);
  });
});
