import type { KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import type { EventStore, LotCommandHandler } from '@auction/engine';
import type { AuctionLifecycleQueue, Db, MessageBatchQueue, MessageQueue } from '@auction/platform';
import fastifyAutoload from '@fastify/autoload';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { frameworkRefusal, registerErrorHandler } from './errors.ts';
import { infrastructure, type PushSettings } from './infrastructure.ts';
import { requestSerializer } from './logging.ts';
import type { StripeSettings } from './payments/stripeGateway.ts';
import { configureValidationMessages, refuseNulBytes } from './validation.ts';
import { pageServer } from './webApp/servePage.ts';

export { DEFAULT_CAD_TO_USD } from './infrastructure.ts';

export interface AppDeps {
  db: Db;
  /** The same pool as `db`'s: the hot paths run named (prepared) statements on it. */
  pool: pg.Pool;
  redis: Redis;
  /** Bids, buys and max-bid changes go through the engine's command handler. */
  lotCommands: LotCommandHandler;
  /** The store the lot commands append to: the audit trail reads a lot's stream from it. */
  eventStore: EventStore;
  /** Where the operator API asks the workers to re-read an auction's status and dates (absent: nobody listens). */
  auctionLifecycle?: AuctionLifecycleQueue;
  /** Email and SMS go out through this queue; the workers send them. */
  messageQueue: MessageQueue & MessageBatchQueue;
  jwtSecret: string;
  /** The address links in messages point to. */
  publicUrl: string;
  logLevel?: string;
  /** Where logs go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Folder with the built web app; served at / with an SPA fallback when it exists. */
  webDist?: string;
  /** Serve the outbox page of the local SMTP and SMS catchers (npm start without real providers). */
  localOutbox?: boolean;
  /** Inbound SMS webhooks must carry Twilio's signature under this token; without one they are refused. */
  twilioAuthToken?: string;
  /** Stripe, or the local Stripe double (payments/stripeGateway.ts); absent: payment calls answer 503. */
  stripe?: StripeSettings;
  /** CAD→USD rate for converted amounts (no rate service is reachable from here; set CAD_TO_USD_RATE). */
  cadToUsdRate?: number;
  /** The live hub's own Redis subscription (absent when the API is only being described). */
  hub?: { redisUrl: string; redisPrefix?: string };
  /** BRAND_HOSTS: `host=1,host=2`; default `localhost=1,127.0.0.1=2`. */
  brandHosts?: string;
  /** BRAND1_ANALYTICS_PROPERTY, BRAND2_ANALYTICS_PROPERTY. */
  brandAnalytics?: Partial<Record<1 | 2, string>>;
  /** ADDRESS_COMPLETE_KEY: Canada Post AddressComplete for the address lookup; absent, the local dataset. */
  addressCompleteKey?: string;
  /** S3_URL: lot photos in an S3-compatible bucket; absent, on disk in `mediaDir`. */
  s3Url?: string;
  /** Web Push (VAPID public key, extra push-service origins); without it the push-subscription calls answer 503. */
  push?: PushSettings;
  /** The audit log's Ed25519 key, which signs bid receipts (docs/audit.md); absent: a key of this process only. */
  auditSigningKey?: KeyObject;
  /** Where uploaded lot photos are kept (DATA_DIR/media); absent: a folder under the system's temp folder. */
  mediaDir?: string;
  /** Keeps rate-limit counters of different apps on one Redis apart (tests). */
  rateLimitNamespace?: string;
  /**
   * The proxies whose X-Forwarded-For counts (TRUST_PROXY): addresses or CIDRs, or a hop count.
   * Off by default: the client address, which the rate limits key on, is the socket's.
   */
  trustProxy?: false | number | string[];
  /** METRICS_TOKEN: GET /metrics for a scraper on another machine (this machine's own need none). */
  metricsToken?: string;
  /** Told of every route as it is registered (the authorisation matrix test enumerates them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /**
   * The folder holding plugins/ and routes/: api/src under tsx and Vitest, the build's output
   * folder when the API runs compiled (its main passes its own folder).
   */
  sourceDir?: string;
}

/** api/src, the folder of this file when run from source. */
const SOURCE_DIR = import.meta.dirname;
export const defaultWebDist = resolve(SOURCE_DIR, '../../web/dist');

/**
 * The API, laid out like fastify/demo: infrastructure decorated once, then @fastify/autoload
 * registers plugins/external (swagger, helmet, compression, rate limit, jwt, websocket, static), plugins/app (authentication,
 * authorisation, repositories and services) and routes/ (one folder per resource, each route at
 * the full path it answers, authentication in the folders' autohooks).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  configureValidationMessages();
  const app = Fastify(serverOptions(deps));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  refuseNulBytes(app);

  const dir = deps.sourceDir ?? SOURCE_DIR;
  // Under tsx the autoloaded files are TypeScript; autoload recognises Vitest but not `--import tsx`.
  if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  // What only the server's construction reads (logging, the route listener, where the sources are)
  // stays here; the rest is the instance's infrastructure.
  const { logLevel: _level, logStream: _stream, onRoute: _onRoute, sourceDir: _dir, ...infra } = deps;
  await app.register(infrastructure, { ...infra, webDist: deps.webDist ?? defaultWebDist });
  await app.register(fastifyAutoload, { dir: resolve(dir, 'plugins/external'), forceESM: true });
  await app.register(fastifyAutoload, { dir: resolve(dir, 'plugins/app'), forceESM: true });
  await app.register(fastifyAutoload, {
    dir: resolve(dir, 'routes'),
    forceESM: true,
    autoHooks: true,
    cascadeHooks: true,
    // Each route declares the full path it answers, so a path found in a log is found in the code.
    dirNameRoutePrefix: false,
  });
  const servePage = pageServer(app);
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/encans/..., /en/...) are pages of the single-page app; unknown /api paths
    // stay 404 JSON, and so does a build file that is not there (a page of an older build asking for
    // its chunk): the page as a script would fail the same, and a cache would keep it under that name.
    const notAPage = request.url.startsWith('/api') || request.url.startsWith('/assets/');
    if (request.method === 'GET' && !notAPage && app.hasReplyDecorator('sendFile')) {
      return servePage(request, reply);
    }
    // As the error handler's answers (errors.ts, answerAsJson): JSON, even when the reply had been
    // given a file's type and encoding before nothing was found.
    return reply
      .removeHeader('content-encoding')
      .type('application/json; charset=utf-8')
      .code(404)
      .send({ statusCode: 404, success: false, message: 'not_found', messages: ['not_found'] });
  });
  return app;
}

function serverOptions(deps: AppDeps): FastifyServerOptions {
  return {
    logger: {
      level: deps.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy: typeof deps.trustProxy === 'number' ? hopsTrusted(deps.trustProxy) : (deps.trustProxy ?? false),
    // What Fastify refuses before any route or error handler (errors.ts, frameworkRefusal).
    frameworkErrors: (error, _request, reply) => {
      const { status, answer } = frameworkRefusal(error);
      (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send(answer);
    },
  };
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
