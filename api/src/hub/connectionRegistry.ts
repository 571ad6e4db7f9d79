import { hubSockets } from '@auction/platform/metrics';
import type { HubConnection, Subscription, Watcher } from './hubConnection.ts';

/** The connections of this process, and for each watched auction, who watches it (sockets and held long polls). */
export class ConnectionRegistry {
  readonly connections = new Set<HubConnection>();
  private readonly watchers = new Map<number, Set<Watcher>>();

  add(connection: HubConnection): void {
    if (this.connections.has(connection)) return;
    this.connections.add(connection);
    hubSockets.inc();
  }

  remove(connection: HubConnection): void {
    if (this.connections.delete(connection)) hubSockets.dec();
    for (const auctionId of connection.subscriptions.keys()) this.unwatch(connection, auctionId);
  }

  watch(connection: Watcher, auctionId: number, subscription: Subscription): void {
    connection.subscriptions.set(auctionId, subscription);
    let set = this.watchers.get(auctionId);
    if (!set) {
      set = new Set();
      this.watchers.set(auctionId, set);
    }
    set.add(connection);
  }

  unwatch(connection: Watcher, auctionId: number): void {
    connection.subscriptions.delete(auctionId);
    const set = this.watchers.get(auctionId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.watchers.delete(auctionId);
  }

  /** Cheap test run on every message from Redis, before it is even parsed. */
  isWatched(auctionId: number): boolean {
    return this.watchers.has(auctionId);
  }

  watchersOf(auctionId: number): ReadonlySet<Watcher> | undefined {
    return this.watchers.get(auctionId);
  }

  watchedAuctions(): IterableIterator<number> {
    return this.watchers.keys();
  }
}
