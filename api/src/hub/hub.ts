import { createRedis, hubEventsSince, hubNewestEvents } from '@auction/platform';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { ConnectionRegistry } from './connectionRegistry.ts';
import {
  CLOSE_GOING_AWAY,
  CLOSE_POLICY_VIOLATION,
  HubConnection,
  type Subscription,
  type Watcher,
} from './hubConnection.ts';
import { answersAtOnce, type PollRequest, PollWaiter } from './longPoll.ts';
import { MessageBudget } from './messageBudget.ts';
import {
  type ClientMessage,
  clockMessage,
  compareStreamIds,
  encode,
  eventsFor,
  type HubWireEvent,
  parseClientMessage,
  type ServerMessage,
} from './protocol.ts';
import { type FanIn, startFanIn } from './redisFanIn.ts';
import { TickCoalescer } from './tickCoalescer.ts';

export interface HubSettings {
  redisUrl: string;
  prefix: string;
  tickMs: number;
  heartbeatMs: number;
  maxBufferedBytes: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Whether the user (null: anonymous) may watch the auction: a private one only its staff and admitted bidders. */
  mayWatch?: (userId: string | null, auctionId: number) => Promise<boolean>;
}

const CLOCK_SYNC_MS = 60_000;
/** WebSocket.OPEN, without importing ws's value here. */
const OPEN = 1;
/** A client reading missed events from a Redis that does not answer is told to refetch instead. */
const CATCH_UP_TIMEOUT_MS = 5_000;
/** A page watches one auction, the home page a few; this only stops a client from hoarding. */
const MAX_SUBSCRIPTIONS = 100;
/** How far back a first subscribe looks for the newest event its watcher may see. */
const LOOK_BACK = 50;

const PONG = encode({ type: 'pong' });
const INVALID_MESSAGE = encode({ type: 'error', message: 'invalid_message' });
const INVALID_TOKEN = encode({ type: 'error', message: 'invalid_token' });
const TOO_MANY_SUBSCRIPTIONS = encode({ type: 'error', message: 'too_many_subscriptions' });
const privateAuction = (auctionId: number) => encode({ type: 'error', message: 'private_auction', auctionId });
const subscribed = (auctionId: number, lastId: string | null) => encode({ type: 'subscribed', auctionId, lastId });

/**
 * The hub of one API process, free of Fastify: live events arrive from Redis pub/sub, are
 * coalesced per auction per tick, serialised once, and the same buffer goes to every watcher.
 */
export class Hub {
  readonly registry = new ConnectionRegistry();
  private readonly coalescer: TickCoalescer<HubWireEvent>;
  private readonly timers: NodeJS.Timeout[] = [];
  private fanIn: FanIn | null = null;
  /** Long polls held open, answered at once on shutdown. */
  private readonly pollers = new Set<PollWaiter>();
  /** Commands (catch-up reads); the subscriber connection cannot run them. */
  private readonly reader: Redis;

  private constructor(private readonly settings: HubSettings) {
    this.reader = createRedis(settings.redisUrl);
    this.reader.on('error', (error) => settings.log.warn({ err: error }, 'hub: redis reader error'));
    this.coalescer = new TickCoalescer(settings.tickMs, (auctionId, events) => this.deliver(auctionId, events));
  }

  static async start(settings: HubSettings): Promise<Hub> {
    const hub = new Hub(settings);
    hub.fanIn = await startFanIn({
      redisUrl: settings.redisUrl,
      prefix: settings.prefix,
      isWatched: (auctionId) => hub.registry.isWatched(auctionId),
      onEvent: (auctionId, event) => hub.coalescer.push(auctionId, event),
      onReconnected: () => hub.refetchAll(),
      onError: (error) => settings.log.warn({ err: error }, 'hub: redis subscriber error'),
    });
    hub.timers.push(
      setInterval(() => hub.heartbeat(), settings.heartbeatMs).unref(),
      setInterval(() => hub.broadcast(clockMessage()), CLOCK_SYNC_MS).unref(),
    );
    return hub;
  }

  connect(socket: WebSocket, identity: { userId: string | null; invalidToken: boolean }): HubConnection {
    const connection = new HubConnection(socket, identity.userId, this.settings.maxBufferedBytes);
    this.registry.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    const budget = new MessageBudget();
    socket.on('message', (raw, isBinary) => {
      // A socket already closing reads no more; one over its budget is closed before anything is parsed.
      if (socket.readyState !== OPEN) return;
      if (!budget.take()) {
        this.settings.log.warn({ userId: connection.userId }, 'hub: message budget exceeded, connection closed');
        socket.close(CLOSE_POLICY_VIOLATION, 'message_rate_exceeded');
        return;
      }
      this.receive(connection, parseClientMessage(raw, isBinary));
    });
    socket.on('close', () => this.registry.remove(connection));
    connection.send(clockMessage());
    if (identity.invalidToken) connection.send(INVALID_TOKEN);
    return connection;
  }

  /**
   * A long poll (docs/hub.md, "Long polling"): the WebSocket's subscribe, catch-up and live delivery
   * for the auctions asked about, answered with what a socket would have received. Answered at once
   * when there is news (missed events, refetch, error) or a position to give (a first poll); else
   * held until live events arrive, `waitMs` passes or the client goes away.
   */
  async poll(
    userId: string | null,
    requests: readonly PollRequest[],
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<ServerMessage[]> {
    const waiter = new PollWaiter(userId);
    this.pollers.add(waiter);
    try {
      await Promise.all(requests.map((request) => this.subscribe(waiter, request.auctionId, request.lastId)));
      if (!answersAtOnce(requests)) await waiter.wait(waitMs, signal);
      return waiter.answer();
    } finally {
      for (const auctionId of [...waiter.subscriptions.keys()]) this.registry.unwatch(waiter, auctionId);
      this.pollers.delete(waiter);
    }
  }

  private receive(connection: HubConnection, message: ClientMessage | null): void {
    if (!message) {
      connection.send(INVALID_MESSAGE);
    } else if (message.type === 'ping') {
      connection.send(PONG);
    } else if (message.type === 'unsubscribe') {
      this.registry.unwatch(connection, message.auctionId);
      connection.send(encode({ type: 'unsubscribed', auctionId: message.auctionId }));
    } else {
      this.subscribe(connection, message.auctionId, message.lastId).catch((error: unknown) => {
        this.settings.log.error({ err: error, auctionId: message.auctionId }, 'hub: subscribe failed');
      });
    }
  }

  /**
   * Starts watching at once (live events are held meanwhile), then reads what the client missed,
   * then sends missed and held events as one message and acknowledges with the position reached.
   */
  private async subscribe(connection: Watcher, auctionId: number, lastId: string | undefined): Promise<void> {
    // Subscribing again to an auction watched, or whose subscribe is under way, reads nothing again
    // (each read is a database query and a Redis read): this connection already receives every
    // event of it, so a live one is acknowledged where it stands and one under way answers itself.
    const current = connection.subscriptions.get(auctionId);
    if (current) {
      if (current.held === null) connection.send(subscribed(auctionId, current.position));
      return;
    }
    if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      connection.send(TOO_MANY_SUBSCRIPTIONS);
      return;
    }
    // Counted from now, before the awaited check: subscribes sent together cannot all pass the bound.
    const subscription: Subscription = { held: [], caughtUpTo: null, position: null };
    connection.subscriptions.set(auctionId, subscription);
    // Checked before watching, so not one event of an auction the user may not see reaches them.
    const allowed = !this.settings.mayWatch || (await this.settings.mayWatch(connection.userId, auctionId));
    // Unsubscribed (or the socket closed) meanwhile: nothing to watch.
    if (connection.subscriptions.get(auctionId) !== subscription) return;
    if (!allowed) {
      connection.subscriptions.delete(auctionId);
      connection.send(privateAuction(auctionId));
      return;
    }
    this.registry.watch(connection, auctionId, subscription);

    const missed = lastId === undefined ? null : await this.eventsSince(auctionId, lastId);
    // Where the catch-up read reached, kept to the hub: it may be another user's event (their
    // maximum bid), whose id told to this watcher would say that it happened, and when.
    const readTo = missed ? (missed.at(-1)?.id ?? lastId ?? null) : null;
    const newestSeen = missed ? null : await this.newestVisibleId(connection.userId, auctionId);
    if (connection.subscriptions.get(auctionId) !== subscription) return;
    if (lastId !== undefined && !missed) connection.send(encode({ type: 'refetch', auctionId }));

    const held = subscription.held ?? [];
    subscription.held = null;
    if (missed) subscription.caughtUpTo = readTo;
    // Held events the catch-up read already returned are dropped; anything newer follows it.
    const read = missed ? [...missed, ...held.filter((e) => !readTo || compareStreamIds(e.id, readTo) > 0)] : held;
    const events = eventsFor(connection.userId, read);
    if (events.length > 0) connection.send(encode({ type: 'events', auctionId, events }));
    // Acknowledged: the newest event sent, else where the watcher stood (its own position, or the
    // newest event of the auction it may see). Resuming from it reads again only other users'
    // events, which are skipped again.
    const from = missed ? (lastId ?? null) : newestSeen;
    const sent = events.at(-1)?.id;
    const position = sent && (!from || compareStreamIds(sent, from) > 0) ? sent : from;
    subscription.position = position;
    connection.send(subscribed(auctionId, position));
  }

  /** Missed events, or null when the position is too old (or Redis does not answer in time). */
  private async eventsSince(auctionId: number, lastId: string): Promise<HubWireEvent[] | null> {
    try {
      const events = await withTimeout(hubEventsSince(this.reader, auctionId, lastId, this.settings.prefix));
      return events?.map(({ id, event, data, forUserId }) => ({ id, event, data, forUserId })) ?? null;
    } catch (error) {
      this.settings.log.warn({ err: error, auctionId }, 'hub: catch-up read failed, client told to refetch');
      return null;
    }
  }

  /**
   * The newest event of the auction this user may see, looked for among the stream's newest
   * entries. When none of them is theirs, the oldest of those: it says nothing of when the newest
   * happened, and resuming from it reads those entries once more, to skip them.
   */
  private async newestVisibleId(userId: string | null, auctionId: number): Promise<string | null> {
    try {
      // The newest alone first: it is the auction's in all but a few moments (a leader raising their maximum).
      const read = (count: number) => withTimeout(hubNewestEvents(this.reader, auctionId, count, this.settings.prefix));
      const [last] = await read(1);
      if (!last || eventsFor(userId, [last]).length > 0) return last?.id ?? null;
      const newest = await read(LOOK_BACK);
      const visible = eventsFor(userId, newest)[0]?.id;
      return visible ?? (newest.length === LOOK_BACK ? (newest.at(-1)?.id ?? null) : null);
    } catch (error) {
      this.settings.log.warn({ err: error, auctionId }, 'hub: stream position read failed');
      return null;
    }
  }

  /**
   * Once per auction per tick: one serialisation, the same buffer to every live watcher. A tick
   * holding events for one user (their own maximum bid) is written apart for that user's watchers
   * and once, without those events, for everyone else: one more frame per such user, not per watcher.
   */
  private deliver(auctionId: number, events: HubWireEvent[]): void {
    const watchers = this.registry.watchersOf(auctionId);
    if (!watchers) return;
    events.sort((a, b) => compareStreamIds(a.id, b.id));
    // The users some of these events are for: each gets a frame of their own, everyone else shares one.
    const addressees = new Set(events.flatMap((event) => (event.forUserId === undefined ? [] : [event.forUserId])));
    const frames = new Map<string | null, { frame: Buffer | null; newest: string | undefined }>();
    const frameFor = (userId: string | null) => {
      const key = userId !== null && addressees.has(userId) ? userId : null;
      let written = frames.get(key);
      if (written === undefined) {
        const shown = eventsFor(key, events);
        const frame = shown.length > 0 ? encode({ type: 'events', auctionId, events: shown }) : null;
        written = { frame, newest: shown.at(-1)?.id };
        frames.set(key, written);
      }
      return written;
    };
    for (const connection of watchers) {
      const subscription = connection.subscriptions.get(auctionId);
      if (subscription?.held) {
        subscription.held.push(...events);
        continue;
      }
      const caughtUpTo = subscription?.caughtUpTo;
      if (subscription && caughtUpTo) {
        if (compareStreamIds(events[0]?.id ?? caughtUpTo, caughtUpTo) <= 0) {
          // A late pub/sub message of an event the catch-up already sent: only what is newer goes.
          const newer = eventsFor(
            connection.userId,
            events.filter((event) => compareStreamIds(event.id, caughtUpTo) > 0),
          );
          if (newer.length > 0) connection.send(encode({ type: 'events', auctionId, events: newer }));
          advance(subscription, newer.at(-1)?.id);
          continue;
        }
        // Live events have passed the catch-up: no comparison per watcher from now on.
        subscription.caughtUpTo = null;
      }
      const { frame, newest } = frameFor(connection.userId);
      if (frame) connection.send(frame);
      if (subscription) advance(subscription, newest);
    }
  }

  private refetchAll(): void {
    for (const auctionId of this.registry.watchedAuctions()) {
      const frame = encode({ type: 'refetch', auctionId });
      for (const connection of this.registry.watchersOf(auctionId) ?? []) connection.send(frame);
    }
  }

  private broadcast(frame: Buffer): void {
    for (const connection of this.registry.connections) connection.send(frame);
  }

  private heartbeat(): void {
    for (const connection of this.registry.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** Says goodbye (1001, so clients reconnect elsewhere), then cuts whoever has not answered in time. */
  async closeConnections(graceMs: number): Promise<void> {
    for (const poller of this.pollers) poller.release();
    for (const connection of this.registry.connections) connection.socket.close(CLOSE_GOING_AWAY, 'server_shutdown');
    const deadline = Date.now() + graceMs;
    while (this.registry.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const connection of this.registry.connections) connection.socket.terminate();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.coalescer.stop();
    await this.fanIn?.close();
    await this.reader.quit().catch(() => this.reader.disconnect());
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis did not answer in time')), CATCH_UP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Moves the position a subscribe again is acknowledged with to the newest event this watcher was
 * sent: never to another user's event, whose id would tell when it happened.
 */
function advance(subscription: Subscription, sent: string | undefined): void {
  if (sent && (!subscription.position || compareStreamIds(sent, subscription.position) > 0)) {
    subscription.position = sent;
  }
}
