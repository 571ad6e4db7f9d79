/**
 * Gathers items per key and hands each key's items over once per tick: the first item after a
 * quiet period starts the tick, so nothing waits longer than `tickMs` and an idle hub sets no timer.
 */
export class TickCoalescer<T> {
  private pending = new Map<number, T[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly tickMs: number,
    private readonly flush: (key: number, items: T[]) => void,
  ) {}

  push(key: number, item: T): void {
    const items = this.pending.get(key);
    if (items) items.push(item);
    else this.pending.set(key, [item]);
    this.timer ??= setTimeout(() => this.flushAll(), this.tickMs);
  }

  private flushAll(): void {
    this.timer = null;
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
