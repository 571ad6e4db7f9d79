/**
 * A connection's budget of client messages: a token bucket. Every message a socket sends costs a
 * token (a subscribe may cost a database query and a Redis read); tokens come back at `perSecond`
 * up to `burst`. A client that spends faster than that is not a page watching auctions (it sends
 * one subscribe per auction and a ping now and then) but a flood, and is closed rather than served:
 * one anonymous socket once stalled the API for seconds with 10,000 subscribes.
 */
export interface MessageBudgetRule {
  perSecond: number;
  burst: number;
}

/** 20 messages a second, 40 at once: a page reconnecting to the few auctions it shows stays far below. */
export const HUB_MESSAGE_BUDGET: MessageBudgetRule = { perSecond: 20, burst: 40 };

export class MessageBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rule: MessageBudgetRule = HUB_MESSAGE_BUDGET,
    now: number = Date.now(),
  ) {
    this.tokens = rule.burst;
    this.refilledAt = now;
  }

  /**
   * Spends `cost` tokens (one per message; a long poll costs one per auction it asks about);
   * false, spending nothing, when fewer are left (the client is over its budget).
   */
  take(now: number = Date.now(), cost = 1): boolean {
    // A clock going backwards refills nothing rather than draining.
    const elapsedMs = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(this.rule.burst, this.tokens + (elapsedMs * this.rule.perSecond) / 1000);
    this.refilledAt = Math.max(this.refilledAt, now);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}

/**
 * The long poll's equivalent: each poll subscribes to every auction it names (up to 100), so a
 * client address spends one token per auction per poll, 20 a second with a full poll's 100 at once.
 * A page polling one auction, answered at every tick of news (10 a second), stays under.
 */
export const POLL_SUBSCRIPTION_BUDGET: MessageBudgetRule = { perSecond: 20, burst: 100 };

/**
 * Budgets kept per client (its address), for the requests that are not one connection. Bounded:
 * past `maxClients` the longest unseen is forgotten, and a forgotten client starts again full,
 * which a flood from one address does not benefit from (it is always the most recently seen).
 */
export class ClientBudgets {
  private readonly budgets = new Map<string, MessageBudget>();

  constructor(
    private readonly rule: MessageBudgetRule,
    private readonly maxClients = 10_000,
  ) {}

  take(client: string, cost: number, now: number = Date.now()): boolean {
    let budget = this.budgets.get(client);
    if (budget) {
      // Seen again: moved to the end, so the first in the map is the longest unseen.
      this.budgets.delete(client);
    } else {
      budget = new MessageBudget(this.rule, now);
      if (this.budgets.size >= this.maxClients) {
        const oldest = this.budgets.keys().next().value;
        if (oldest !== undefined) this.budgets.delete(oldest);
      }
    }
    this.budgets.set(client, budget);
    return budget.take(now, cost);
  }
}
