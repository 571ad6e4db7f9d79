import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EventStore, LotCommandHandler } from '@auction/engine';
import type { AuctionLifecycleQueue, Db, MessageQueue } from '@auction/platform';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { AccountContext } from './accounts/accountContext.ts';
import { accountLinks } from './accounts/accountLinks.ts';
import { authPlugin } from './accounts/auth.ts';
import { rateLimitPlugin } from './accounts/rateLimits.ts';
import { secureCookiesFor } from './accounts/refreshCookie.ts';
import { bullBoardRoutes } from './admin/bullBoard.ts';
import { mayViewAuctionId } from './authorization/auctionAccess.ts';
import { currencyPlugin } from './currency/currencyPlugin.ts';
import { registerErrorHandler } from './errors.ts';
import { hubPlugin } from './hub/hubPlugin.ts';
import { requestSerializer } from './logging.ts';
import { loginRoutes } from './routes/account/login.ts';
import { passwordRecoveryRoutes } from './routes/account/passwordRecovery.ts';
import { profileRoutes } from './routes/account/profile.ts';
import { registrationRoutes } from './routes/account/registration.ts';
import { operatorRoutes } from './routes/admin/index.ts';
import { auctionBidderRoutes } from './routes/auctionBidders.ts';
import { auctionInfoRoutes } from './routes/auctionInfo.ts';
import { auctionRoutes } from './routes/auctions.ts';
import { bidderOrganizationNotificationRoutes } from './routes/bidderOrganizationNotifications.ts';
import { bidRoutes } from './routes/bids.ts';
import { carouselRoutes } from './routes/carousel.ts';
import { creditCardFeeRoutes } from './routes/creditCardFees.ts';
import { donationRoutes } from './routes/donations.ts';
import { favoriteRoutes } from './routes/favorites.ts';
import { healthRoutes } from './routes/health.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { lotItemRoutes } from './routes/lotItems.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { onboardingRoutes } from './routes/onboarding.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { smsInboundRoutes } from './routes/smsInbound.ts';
import { securityHeaders } from './security/securityHeaders.ts';
import { configureValidationMessages, refuseNulBytes } from './validation.ts';

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
  messageQueue: MessageQueue;
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
  /** CAD→USD rate for converted amounts (no rate service is reachable from here; set CAD_TO_USD_RATE). */
  cadToUsdRate?: number;
  /** The live hub's own Redis subscription (absent when the API is only being described). */
  hub?: { redisUrl: string; redisPrefix?: string };
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
}

/** A typical rate, used when none is configured. */
export const DEFAULT_CAD_TO_USD = 0.72;

export const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  configureValidationMessages();
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy: typeof deps.trustProxy === 'number' ? hopsTrusted(deps.trustProxy) : (deps.trustProxy ?? false),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  refuseNulBytes(app);
  await app.register(securityHeaders, { publicUrl: deps.publicUrl });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Charity auctions API',
        description: 'Accounts, auctions, lots and bidding. Message keys in answers are the specification’s.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyRateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${deps.rateLimitNamespace ?? 'auction'}:rate-limit:`,
    // After parsing, so limits can key on the account or number being tried.
    hook: 'preHandler',
  });
  await app.register(authPlugin, {
    pool: deps.pool,
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    secureCookies: secureCookiesFor(deps.publicUrl),
  });
  await app.register(rateLimitPlugin, { redis: deps.redis, namespace: deps.rateLimitNamespace ?? 'auction' });
  await app.register(currencyPlugin, { cadToUsdRate: deps.cadToUsdRate ?? DEFAULT_CAD_TO_USD });

  const accounts: AccountContext = { db: deps.db, messages: deps.messageQueue, links: accountLinks(deps.publicUrl) };
  await app.register(healthRoutes, { prefix: '/api', db: deps.db, redis: deps.redis });
  await app.register(auctionRoutes, { prefix: '/api', db: deps.db });
  await app.register(loginRoutes, { prefix: '/api', ...accounts });
  await app.register(registrationRoutes, { prefix: '/api', ...accounts });
  await app.register(profileRoutes, { prefix: '/api', ...accounts, publicUrl: deps.publicUrl });
  await app.register(passwordRecoveryRoutes, { prefix: '/api', ...accounts });
  await app.register(bidderOrganizationNotificationRoutes, { prefix: '/api', ...accounts });
  await app.register(onboardingRoutes, { prefix: '/api', ...accounts });
  await app.register(auctionBidderRoutes, { prefix: '/api', ...accounts });
  await app.register(auctionInfoRoutes, {
    prefix: '/api',
    db: deps.db,
    cadToUsdRate: deps.cadToUsdRate ?? DEFAULT_CAD_TO_USD,
  });
  await app.register(lotItemRoutes, { prefix: '/api', db: deps.db, pool: deps.pool });
  await app.register(favoriteRoutes, { prefix: '/api', db: deps.db });
  await app.register(bidRoutes, { prefix: '/api', pool: deps.pool, lotCommands: deps.lotCommands });
  await app.register(donationRoutes, { prefix: '/api', db: deps.db, eventStore: deps.eventStore });
  await app.register(leaderboardRoutes, { prefix: '/api', db: deps.db });
  await app.register(carouselRoutes, { prefix: '/api', db: deps.db });
  await app.register(creditCardFeeRoutes, { prefix: '/api', db: deps.db });
  await app.register(operatorRoutes, {
    prefix: '/api/admin',
    db: deps.db,
    redis: deps.redis,
    hubPrefix: deps.hub?.redisPrefix ?? '',
    lotCommands: deps.lotCommands,
    eventStore: deps.eventStore,
    ...(deps.auctionLifecycle ? { auctionLifecycle: deps.auctionLifecycle } : {}),
  });
  await app.register(smsInboundRoutes, {
    db: deps.db,
    ...(deps.twilioAuthToken ? { twilioAuthToken: deps.twilioAuthToken } : {}),
    publicUrl: deps.publicUrl,
  });
  if (deps.hub) {
    await app.register(hubPlugin, {
      ...deps.hub,
      isTokenCurrent: async (userId, version) => {
        const user = await deps.db
          .selectFrom('users')
          .select(['token_version', 'disabled'])
          .where('id', '=', userId)
          .executeTakeFirst();
        return user !== undefined && !user.disabled && user.token_version === version;
      },
      mayWatch: (userId, auctionId) => mayViewAuctionId(deps.db, auctionId, userId),
    });
  }
  await app.register(bullBoardRoutes, { redis: deps.redis });
  await app.register(metricsRoutes, deps.metricsToken ? { token: deps.metricsToken } : {});
  if (deps.localOutbox) await app.register(outboxRoutes, { db: deps.db, trustProxy: deps.trustProxy ?? false });
  await registerWeb(app, deps.webDist ?? defaultWebDist);
  return app;
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  // Client-side routes (/encans/..., /en/...) are pages of the single-page app; unknown /api paths stay 404 JSON.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api')) return reply.sendFile('index.html');
    return reply.code(404).send({ statusCode: 404, success: false, message: 'not_found', messages: ['not_found'] });
  });
}
