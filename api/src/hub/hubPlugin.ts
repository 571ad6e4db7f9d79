import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Hub } from './hub.ts';
import { accessTokenOf, identify, redactAccessToken } from './hubIdentity.ts';

export const HUB_PATH = '/api/BidNotificationHub';

export interface HubPluginOptions {
  redisUrl: string;
  /** Key prefix of the hub's streams and channels (tests and benchmarks keep theirs apart). */
  prefix?: string;
  /** How long an auction's events are gathered into one message; 100 ms by default. */
  tickMs?: number;
  /** WebSocket ping interval; a socket that has not answered the previous ping is cut. 30 s by default. */
  heartbeatMs?: number;
  /** Unsent bytes a socket may hold before it is closed with 1013; 1 MiB by default. */
  maxBufferedBytes?: number;
  /** How long shutdown waits for clients to answer the close before cutting them; 1 s by default. */
  closeGraceMs?: number;
}

/** Client messages are a few dozen bytes; anything large is not one of ours. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * The live connection of spec 001 §7 at /api/BidNotificationHub (protocol: docs/hub.md).
 * Registers @fastify/websocket in its own context; uses the app's @fastify/jwt when present.
 */
export const hubPlugin: FastifyPluginAsync<HubPluginOptions> = async (app, options) => {
  const hub = await Hub.start({
    redisUrl: options.redisUrl,
    prefix: options.prefix ?? '',
    tickMs: options.tickMs ?? 100,
    heartbeatMs: options.heartbeatMs ?? 30_000,
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    log: app.log,
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, closeTimeout: 5_000 },
    // Our own preClose hook below says goodbye to the hub's sockets; this one only stops the server.
    preClose(done) {
      this.websocketServer.close();
      done();
    },
  });

  app.get(
    HUB_PATH,
    {
      websocket: true,
      logSerializers: {
        req: (request: FastifyRequest) => ({ method: request.method, url: redactAccessToken(request.url) }),
      },
    },
    (socket: WebSocket, request) => {
      hub.connect(socket, identify(app, accessTokenOf(request.query)));
    },
  );

  app.addHook('preClose', async () => {
    await hub.closeConnections(options.closeGraceMs ?? 1_000);
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });
};
