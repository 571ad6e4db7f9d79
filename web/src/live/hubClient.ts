/**
 * The browser side of /api/BidNotificationHub (docs/hub.md): subscribe per auction, keep the last
 * event id seen so a reconnect resumes from it, reconnect with a growing delay, and hand every
 * server message to the listener. When the WebSocket cannot be opened (a network or proxy that
 * blocks it), the same messages come over HTTP long polling from the same positions, unseen by
 * the screens. Framework-free; React code sits on top of it.
 */
export interface WireEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export type HubMessage =
  | { type: 'SynchronizeClientTime'; currentTime: string }
  | { type: 'events'; auctionId: number; events: WireEvent[] }
  | { type: 'subscribed'; auctionId: number; lastId: string | null }
  | { type: 'refetch'; auctionId: number }
  | { type: 'unsubscribed'; auctionId: number }
  | { type: 'pong' }
  | { type: 'error'; message: string };

type Listener = (message: HubMessage) => void;

/** One long poll: the auctions watched and their positions in, what a socket would have received out. */
export type HubPoller = (
  body: { subscriptions: Array<{ auctionId: number; lastId?: string }> },
  signal: AbortSignal,
) => Promise<{ messages: HubMessage[] }>;

/**
 * Sockets that close before ever opening, in a row, before the client falls back to long polling:
 * one failure may be a server restarting; two with nothing in between is a network that refuses.
 */
export const SOCKET_FAILURES_BEFORE_POLLING = 2;

/** Orders Redis stream ids (`ms-seq`) without losing precision past 2^53. */
export function isNewerId(candidate: string, current: string | undefined): boolean {
  if (!current) return true;
  const [a = '0', b = '0'] = candidate.split('-');
  const [c = '0', d = '0'] = current.split('-');
  const compare = (x: string, y: string) => (x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0);
  return (compare(a, c) || compare(b, d)) > 0;
}

export class HubClient {
  private socket: WebSocket | undefined;
  private readonly watched = new Map<number, number>();
  private readonly lastIds = new Map<number, string>();
  private readonly listeners = new Set<Listener>();
  private retryDelayMs = 1000;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Sockets that closed without having opened, since the last one that did. */
  private failedOpens = 0;
  /** Set once the client has fallen back to long polling; it stays there for the page's life. */
  private polling: { abort: AbortController | null } | null = null;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly poller?: HubPoller,
  ) {}

  /** How the client is connected, for tests and diagnostics. */
  get transport(): 'websocket' | 'long-polling' {
    return this.polling ? 'long-polling' : 'websocket';
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Watches an auction until the returned function is called (counted, so two screens can share it). */
  watch(auctionId: number): () => void {
    const count = this.watched.get(auctionId) ?? 0;
    this.watched.set(auctionId, count + 1);
    if (count === 0) this.sendSubscribe(auctionId);
    if (count === 0) this.repoll();
    this.connect();
    return () => {
      const left = (this.watched.get(auctionId) ?? 1) - 1;
      if (left > 0) {
        this.watched.set(auctionId, left);
        return;
      }
      this.watched.delete(auctionId);
      this.send({ type: 'unsubscribe', auctionId });
      this.repoll();
    };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
    this.polling?.abort?.abort();
  }

  private connect(): void {
    if (this.closed || this.socket || this.polling) return;
    const url = this.token ? `${this.url}?access_token=${encodeURIComponent(this.token)}` : this.url;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      // No WebSocket at all (blocked by policy or an extension): straight to long polling.
      this.startPolling();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.failedOpens = 0;
      this.retryDelayMs = 1000;
      for (const auctionId of this.watched.keys()) this.sendSubscribe(auctionId);
    };
    socket.onmessage = (frame) => {
      let message: HubMessage;
      try {
        message = JSON.parse(String(frame.data)) as HubMessage;
      } catch {
        return;
      }
      this.remember(message);
      this.deliver(message);
    };
    socket.onclose = () => {
      this.socket = undefined;
      if (!opened) this.failedOpens += 1;
      if (this.closed || this.watched.size === 0) return;
      if (this.poller && this.failedOpens >= SOCKET_FAILURES_BEFORE_POLLING) {
        this.startPolling();
        return;
      }
      // Back off up to 30 s, so a restarting server is not hammered by every open page at once.
      this.retryTimer = setTimeout(() => this.connect(), this.retryDelayMs);
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
    };
  }

  private deliver(message: HubMessage): void {
    this.remember(message);
    for (const listener of this.listeners) listener(message);
  }

  private startPolling(): void {
    if (this.polling || !this.poller) return;
    this.polling = { abort: null };
    void this.pollLoop();
  }

  /**
   * Polls while anything is watched, each poll from the positions reached, so what is published
   * between two polls comes with the next one (the socket's reconnect, every time). Failures back
   * off like the socket's reconnects.
   */
  private async pollLoop(): Promise<void> {
    const polling = this.polling;
    const poller = this.poller;
    if (!polling || !poller) return;
    while (!this.closed && this.watched.size > 0) {
      const abort = new AbortController();
      polling.abort = abort;
      const subscriptions = [...this.watched.keys()].map((auctionId) => {
        const lastId = this.lastIds.get(auctionId);
        return lastId ? { auctionId, lastId } : { auctionId };
      });
      try {
        const answer = await poller({ subscriptions }, abort.signal);
        this.retryDelayMs = 1000;
        for (const message of answer.messages) {
          // An auction no longer watched (unwatched during the poll) is not announced.
          if ('auctionId' in message && !this.watched.has(message.auctionId)) continue;
          this.deliver(message);
        }
      } catch {
        if (this.closed) return;
        // Aborted because the watched auctions changed: poll again at once with the new set.
        if (abort.signal.aborted) continue;
        await new Promise((resolve) => {
          this.retryTimer = setTimeout(resolve, this.retryDelayMs);
        });
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
      }
    }
    polling.abort = null;
  }

  /** A change in what is watched: the poll held open asks about the old set, so it is replaced. */
  private repoll(): void {
    if (!this.polling) return;
    if (this.polling.abort) this.polling.abort.abort();
    else void this.pollLoop();
  }

  private remember(message: HubMessage): void {
    if (message.type === 'events') {
      for (const event of message.events) {
        if (isNewerId(event.id, this.lastIds.get(message.auctionId))) this.lastIds.set(message.auctionId, event.id);
      }
    }
    if (
      message.type === 'subscribed' &&
      message.lastId &&
      isNewerId(message.lastId, this.lastIds.get(message.auctionId))
    ) {
      this.lastIds.set(message.auctionId, message.lastId);
    }
  }

  private sendSubscribe(auctionId: number): void {
    const lastId = this.lastIds.get(auctionId);
    this.send({ type: 'subscribe', auctionId, ...(lastId ? { lastId } : {}) });
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

export function hubUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/BidNotificationHub`;
}
