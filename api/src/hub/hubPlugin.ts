import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifyTypeProviderDefault,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { Hub } from './hub.ts';
import { accessTokenOf, type Identity, identify, redactAccessToken, type TokenVersionCheck } from './hubIdentity.ts';

export const HUB_PATH = '/api/BidNotificationHub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's hub, for the long-polling fallback. */
    liveHub: Hub;
  }
}

export interface HubPluginOptions {
  redisUrl: string;
  /**
   * Key prefix of the hub's streams and channels (`prefix` of publishHubEvent; tests and benchmarks
   * keep theirs apart). Not `prefix`: Fastify reads that option as a route prefix.
   */
  redisPrefix?: string;
  /** How long an auction's events are gathered into one message; 100 ms by default. */
  tickMs?: number;
  /** WebSocket ping interval; a socket that has not answered the previous ping is cut. 30 s by default. */
  heartbeatMs?: number;
  /** Unsent bytes a socket may hold before it is closed with 1013; 1 MiB by default. */
  maxBufferedBytes?: number;
  /** How long shutdown waits for clients to answer the close before cutting them; 1 s by default. */
  closeGraceMs?: number;
  /** Checks a token's version against the user's; without it any validly signed token is accepted. */
  isTokenCurrent?: TokenVersionCheck;
  /** Whether a user (null: anonymous) may watch an auction; without it every auction may be watched. */
  mayWatch?: (userId: string | null, auctionId: number) => Promise<boolean>;
}

/**
 * The live connection of spec 001 §7 at /api/BidNotificationHub (protocol: docs/hub.md); uses the
 * app's @fastify/jwt when present and the app's @fastify/websocket (plugins/external/websocket.ts),
 * which lets the hub say its 1001 goodbye to every socket before it closes them.
 */
export const hubPlugin = fp<
  HubPluginOptions,
  RawServerDefault,
  FastifyTypeProviderDefault,
  FastifyBaseLogger,
  FastifyPluginAsync<HubPluginOptions>
>(
  async (app: FastifyInstance, options: HubPluginOptions) => {
    const hub = await Hub.start({
      redisUrl: options.redisUrl,
      prefix: options.redisPrefix ?? '',
      tickMs: options.tickMs ?? 100,
      heartbeatMs: options.heartbeatMs ?? 30_000,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
      log: app.log,
      ...(options.mayWatch ? { mayWatch: options.mayWatch } : {}),
    });
    app.addHook('onClose', async () => {
      await hub.stop();
    });
    // The long-polling route (routes/api/hub/longPoll.ts) serves the same hub.
    app.decorate('liveHub', hub);
    app.onWebsocketsClosing(() => hub.closeConnections(options.closeGraceMs ?? 1_000));

    const identities = new WeakMap<FastifyRequest, Identity>();
    app.get(
      HUB_PATH,
      {
        websocket: true,
        // Before the upgrade, so the socket is handed over with its identity and no message waits on a lookup.
        preValidation: async (request) => {
          identities.set(request, await identify(app, accessTokenOf(request.query), options.isTokenCurrent));
        },
        logSerializers: {
          req: (request: FastifyRequest) => ({ method: request.method, url: redactAccessToken(request.url) }),
        },
      },
      (socket: WebSocket, request) => {
        hub.connect(socket, identities.get(request) ?? { userId: null, invalidToken: false });
      },
    );
  },
  { name: 'hub', fastify: '5.x', dependencies: ['websocket'] },
);
