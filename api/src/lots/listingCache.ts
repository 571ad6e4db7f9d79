/**
 * An auction's lot listing (what the lot table orders and filters on), kept for a short time and
 * shared by every request of this process: at a gala, thousands of phones load the same table,
 * and each listing is every lot of the auction. The page's own lots are always read fresh; only
 * their order and the page they fall on may be up to `ttlMs` old, less than the live hub already
 * lets a list drift between reloads. Concurrent misses share one read.
 */
export class ListingCache<Row> {
  private entries = new Map<number, { at: number; rows: Promise<Row[]> }>();

  constructor(
    private readonly read: (auctionId: number) => Promise<Row[]>,
    private readonly ttlMs = 1_000,
    private readonly maxAuctions = 1_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(auctionId: number): Promise<Row[]> {
    const now = this.now();
    const entry = this.entries.get(auctionId);
    if (entry && now - entry.at < this.ttlMs) return entry.rows;
    const rows = this.read(auctionId);
    this.entries.delete(auctionId);
    this.entries.set(auctionId, { at: now, rows });
    // A failed read is not kept: the next request tries again.
    rows.catch(() => {
      if (this.entries.get(auctionId)?.rows === rows) this.entries.delete(auctionId);
    });
    if (this.entries.size > this.maxAuctions) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return rows;
  }
}
