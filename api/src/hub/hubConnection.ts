import { hubFramesSent } from '@auction/platform/metrics';
import type { WebSocket } from 'ws';
import type { HubWireEvent } from './protocol.ts';

const OPEN = 1;
/** Close code for "try again later": the client reconnects with its last id once it keeps up. */
export const CLOSE_BACKPRESSURE = 1013;
export const CLOSE_GOING_AWAY = 1001;
/** Close code for a client breaking the rules, here sending more messages than its budget (messageBudget.ts). */
export const CLOSE_POLICY_VIOLATION = 1008;

/**
 * An auction a connection watches. While its catch-up is read from Redis, live events are held
 * (`held`) so they can be merged after the missed ones, in order and without duplicates.
 */
export interface Subscription {
  held: HubWireEvent[] | null;
  /**
   * After a catch-up: the newest event the catch-up read could see. Every event up to it was sent
   * by the catch-up (or the client had it), so one arriving live afterwards (its pub/sub message
   * later than the read) is not sent twice; anything newer was added after the read and is.
   */
  caughtUpTo: string | null;
  /**
   * The position acknowledged by `subscribed`, moved on by live delivery: a client subscribing
   * again to an auction it already watches is acknowledged with it, without reading anything.
   */
  position: string | null;
}

/**
 * Whoever watches auctions: a WebSocket connection, or one long poll held open (longPoll.ts). The
 * hub subscribes, catches up and delivers to both the same way; only what `send` does differs.
 */
export interface Watcher {
  readonly subscriptions: Map<number, Subscription>;
  /** The signed-in user, null for anonymous watchers. */
  readonly userId: string | null;
  send(frame: Buffer): void;
}

/** One client socket of this process and what it watches. */
export class HubConnection implements Watcher {
  /** Cleared when a ping goes out, set again by the pong; still cleared at the next ping means dead. */
  alive = true;
  readonly subscriptions = new Map<number, Subscription>();

  constructor(
    readonly socket: WebSocket,
    /** The signed-in user when the client gave a valid access token; null for anonymous watchers. */
    readonly userId: string | null,
    private readonly maxBufferedBytes: number,
  ) {}

  /**
   * Writes a text frame. A socket whose unsent bytes pile up past the bound is a client that does
   * not keep up: it is closed rather than letting the process buffer for it without limit.
   */
  send(frame: Buffer): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.socket.close(CLOSE_BACKPRESSURE, 'backpressure');
      return;
    }
    this.socket.send(frame, { binary: false });
    hubFramesSent.inc();
  }
}
