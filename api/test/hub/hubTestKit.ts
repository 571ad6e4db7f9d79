import type { AddressInfo } from 'node:net';
import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { HUB_PATH, type HubPluginOptions, hubPlugin } from '../../src/hub/hubPlugin.ts';
import type { ServerMessage } from '../../src/hub/protocol.ts';
import websocket from '../../src/plugins/external/websocket.ts';

export interface HubApp {
  app: FastifyInstance;
  url(query?: string): string;
  logs: string[];
}

/** A bare Fastify app with only the hub and the app's websocket plugin (and @fastify/jwt when a secret is given), listening on a free port. */
export async function startHubApp(options: HubPluginOptions & { jwtSecret?: string }): Promise<HubApp> {
  const { jwtSecret, ...hubOptions } = options;
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
  if (jwtSecret) await app.register(fastifyJwt, { secret: jwtSecret });
  await app.register(websocket);
  await app.register(hubPlugin, hubOptions);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, logs, url: (query = '') => `ws://127.0.0.1:${port}${HUB_PATH}${query}` };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function eventually(check: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A real `ws` client that records every message and reads them in order. */
export class HubClient {
  readonly received: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private cursor = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => this.received.push(JSON.parse(raw.toString()) as ServerMessage));
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    socket.on('error', () => {});
  }

  static connect(url: string, options: { autoPong?: boolean } = {}): Promise<HubClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false, ...options });
    const client = new HubClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message not read yet, skipping the periodic clock messages. */
  async next(timeoutMs = 3_000): Promise<ServerMessage> {
    for (;;) {
      await eventually(() => this.received.length > this.cursor, timeoutMs, 'a hub message');
      const message = this.received[this.cursor++] as ServerMessage;
      if (message.type !== 'SynchronizeClientTime') return message;
    }
  }

  async expectNext<T extends ServerMessage['type']>(type: T, timeoutMs = 3_000): Promise<Of<T>> {
    const message = await this.next(timeoutMs);
    if (message.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(message)}`);
    return message as Of<T>;
  }

  async subscribe(auctionId: number, lastId?: string): Promise<Of<'subscribed'>> {
    this.send({ type: 'subscribe', auctionId, ...(lastId ? { lastId } : {}) });
    return this.expectNext('subscribed');
  }

  /** Every event received for an auction so far, across messages. */
  eventsOf(auctionId: number) {
    return this.received.flatMap((m) => (m.type === 'events' && m.auctionId === auctionId ? m.events : []));
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
