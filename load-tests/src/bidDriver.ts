import { scopedCommandId } from '@auction/engine';
import type { ApiClient } from './http.ts';
import type { Bidder } from './setup.ts';

interface LotCursor {
  id: number;
  /** The end as the runner last heard it (from the bids' answers, extensions included). */
  endsAt: number;
  nextAmount: number;
}

interface BidAnswer {
  bid?: { commandId: string; bidDate: string };
  standing?: { dateCompleted: string; price: { value: number } | null };
  message?: string;
}

/** One second of the run: the bids offered (sent or dropped) and the answers to those sent, for the chart. */
export interface SecondWindow {
  offered: number;
  ackMs: number[];
}

/**
 * The bidders' side of the bidding scenarios: each arrival is a manual bid by a random bidder on a
 * random lot still open (or ended less than `graceMs` ago, so some bids reach the server right at
 * the end and must be refused), one increment above the last amount sent to that lot. It records
 * every acknowledged command id for the verification and every bid's server time for propagation.
 */
export class BidDriver {
  readonly acknowledged = new Map<string, number>();
  /** `lotId:priceCents` → the bid's server time (epoch ms). */
  readonly bidTimes = new Map<string, number>();
  readonly ackMs: number[] = [];
  readonly refusals = new Map<string, number>();
  readonly windows: SecondWindow[] = [];
  errors5xx = 0;
  networkErrors = 0;
  /** Every HTTP answer, accepted or refused: the server's throughput whatever the lots' state. */
  answered = 0;
  private readonly open: LotCursor[];

  constructor(
    private readonly client: ApiClient,
    private readonly runId: string,
    lots: { id: number; endsAt: number }[],
    private readonly bidders: Bidder[],
    startingBidCents: number,
    private readonly incrementCents: number,
    private readonly graceMs = 300,
  ) {
    this.open = lots.map((lot) => ({ ...lot, nextAmount: startingBidCents }));
  }

  /** The latest end the runner knows of among lots still taking bids; null once all are past. */
  latestOpenEnd(now = Date.now()): number | null {
    let latest: number | null = null;
    for (const lot of this.open) {
      if (lot.endsAt + this.graceMs > now) latest = Math.max(latest ?? 0, lot.endsAt);
    }
    return latest;
  }

  private pickLot(now: number): LotCursor | null {
    while (this.open.length) {
      const i = Math.floor(Math.random() * this.open.length);
      const lot = this.open[i] as LotCursor;
      if (lot.endsAt + this.graceMs > now) return lot;
      // Past its end (as last heard): no more bids for it. Swap-remove keeps the pick O(1).
      this.open[i] = this.open[this.open.length - 1] as LotCursor;
      this.open.pop();
    }
    return null;
  }

  async bid(n: number, second: number): Promise<void> {
    const lot = this.pickLot(Date.now());
    if (!lot) return;
    const bidder = this.bidders[Math.floor(Math.random() * this.bidders.length)] as Bidder;
    const amount = lot.nextAmount;
    lot.nextAmount += this.incrementCents;
    const commandId = `load-${this.runId}-${n}`;
    const window = this.windowAt(Math.floor(second));
    const sent = performance.now();
    let answer: { status: number; body: unknown };
    try {
      answer = await this.client.request(
        'POST',
        `/api/bids/auctionlotitem/${lot.id}/bid`,
        { amount: amount / 100, commandId },
        bidder.token,
      );
    } catch {
      this.networkErrors++;
      return;
    }
    const ms = performance.now() - sent;
    this.answered++;
    const body = (answer.body ?? {}) as BidAnswer;
    if (answer.status >= 200 && answer.status < 300) {
      // The stream records the key scoped to the bidder (the engine's command id), not the client's.
      this.acknowledged.set(scopedCommandId(bidder.id, body.bid?.commandId ?? commandId), lot.id);
      this.ackMs.push(ms);
      window.ackMs.push(ms);
      if (body.bid) this.bidTimes.set(`${lot.id}:${amount}`, Date.parse(body.bid.bidDate));
      if (body.standing) {
        lot.endsAt = Math.max(lot.endsAt, Date.parse(body.standing.dateCompleted));
        const price = body.standing.price ? Math.round(body.standing.price.value * 100) : 0;
        if (price >= lot.nextAmount) lot.nextAmount = price + this.incrementCents;
      }
    } else if (answer.status >= 500) {
      this.errors5xx++;
    } else {
      const key = `${answer.status} ${body.message ?? 'unknown'}`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
      if (body.message === 'item_closed') lot.endsAt = Math.min(lot.endsAt, Date.now() - this.graceMs);
    }
  }

  /** Counts an arrival of the schedule in its second, whether it could be sent or not. */
  offered(second: number): void {
    this.windowAt(Math.floor(second)).offered++;
  }

  private windowAt(second: number): SecondWindow {
    while (this.windows.length <= second) this.windows.push({ offered: 0, ackMs: [] });
    return this.windows[second] as SecondWindow;
  }
}
