/**
 * The browser side of /api/BidNotificationHub (docs/hub.md): subscribe per auction, keep the last
 * event id seen so a reconnect resumes from it, reconnect with a growing delay, and hand every
 * server message to the listener. Framework-free; React code sits on top of it.
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

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Watches an auction until the returned function is called (counted, so two screens can share it). */
  watch(auctionId: number): () => void {
    const count = this.watched.get(auctionId) ?? 0;
    this.watched.set(auctionId, count + 1);
    if (count === 0) this.sendSubscribe(auctionId);
    this.connect();
    return () => {
      const left = (this.watched.get(auctionId) ?? 1) - 1;
      if (left > 0) {
        this.watched.set(auctionId, left);
        return;
      }
      this.watched.delete(auctionId);
      this.send({ type: 'unsubscribe', auctionId });
    };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  private connect(): void {
    if (this.closed || this.socket) return;
    const url = this.token ? `${this.url}?access_token=${encodeURIComponent(this.token)}` : this.url;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
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
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = () => {
      this.socket = undefined;
      if (this.closed || this.watched.size === 0) return;
      // Back off up to 30 s, so a restarting server is not hammered by every open page at once.
      this.retryTimer = setTimeout(() => this.connect(), this.retryDelayMs);
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
    };
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
