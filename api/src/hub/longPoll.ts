import type { Subscription, Watcher } from './hubConnection.ts';
import type { ServerMessage } from './protocol.ts';

/** One auction a long poll asks about, and the position the client reached (absent on its first poll). */
export interface PollRequest {
  auctionId: number;
  lastId?: string | undefined;
}

/** How long a poll with nothing to say is held open: under the 30 s most proxies allow an idle answer. */
export const LONG_POLL_WAIT_MS = 25_000;

/**
 * The position a client keeps for an auction that has no event yet. On the WebSocket a `null`
 * position is harmless (the socket stays subscribed); a poller that kept nothing would ask again
 * without a position, be answered at once, and spin. `0-0` reads as "from the start" (hubEventsSince).
 */
export const START_OF_STREAM = '0-0';

/**
 * One long poll held open: the hub subscribes it to the auctions asked about exactly as it does a
 * WebSocket (same catch-up from `lastId`, same live delivery, same `refetch` when the position is
 * too old), and what would be written to a socket is gathered into the answer. Between two polls
 * nothing watches for the client: the next poll's `lastId` catches up what was published meanwhile.
 */
export class PollWaiter implements Watcher {
  readonly subscriptions = new Map<number, Subscription>();
  private readonly messages: ServerMessage[] = [];
  private wake: (() => void) | null = null;

  constructor(readonly userId: string | null) {}

  send(frame: Buffer): void {
    const message = JSON.parse(frame.toString()) as ServerMessage;
    if (message.type === 'SynchronizeClientTime' || message.type === 'pong') return;
    this.messages.push(message);
    if (isNews(message)) this.release();
  }

  /** Something to tell beyond acknowledgements: events, a refetch, an error. */
  hasNews(): boolean {
    return this.messages.some(isNews);
  }

  /** Resolves when news arrives, after `ms`, when the client goes away (`signal`) or on release(). */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.hasNews() || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const onAbort = () => done();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = done;
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
    });
  }

  /** Answers the poll now with what it has (shutdown, news). */
  release(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** The messages a socket would have received, in order, ending with the server's clock. */
  answer(now = new Date()): ServerMessage[] {
    const messages = this.messages.map((message) =>
      message.type === 'subscribed' && message.lastId === null ? { ...message, lastId: START_OF_STREAM } : message,
    );
    return [...messages, { type: 'SynchronizeClientTime', currentTime: now.toISOString() }];
  }
}

const isNews = (message: ServerMessage): boolean => message.type !== 'subscribed' && message.type !== 'unsubscribed';

/** A first poll (no position yet) is answered at once with the position to start from. */
export const answersAtOnce = (requests: readonly PollRequest[]): boolean =>
  requests.some((request) => request.lastId === undefined);
