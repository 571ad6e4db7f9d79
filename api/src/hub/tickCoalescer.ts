/**
 * Gathers items per key and hands each key's items over once per tick. After a quiet period the
 * first item starts a tick, so a burst arrives as one batch. While busy, ticks keep a fixed cadence
 * (start to start): items read just after a long flush are not made to wait a whole extra tick.
 * Either way nothing waits longer than `tickMs`, and an idle hub sets no timer.
 */
export class TickCoalescer<T> {
  private pending = new Map<number, T[]>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlushStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly tickMs: number,
    private readonly flush: (key: number, items: T[]) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(key: number, item: T): void {
    const items = this.pending.get(key);
    if (items) items.push(item);
    else this.pending.set(key, [item]);
    if (this.timer) return;
    const sinceLastFlush = this.now() - this.lastFlushStart;
    const delay = sinceLastFlush < this.tickMs ? this.tickMs - sinceLastFlush : this.tickMs;
    this.timer = setTimeout(() => this.flushAll(), delay);
  }

  private flushAll(): void {
    this.timer = null;
    this.lastFlushStart = this.now();
    const batch = this.pending;
    this.pending = new Map();
    for (const [key, items] of batch) this.flush(key, items);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
