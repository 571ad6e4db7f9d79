import type { KeyObject } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrandId } from '@auction/contract';
import type { EventStore, LotCommandHandler } from '@auction/engine';
import type { AuctionLifecycleQueue, Db, MessageBatchQueue, MessageQueue } from '@auction/platform';
import { parseS3Url, type S3Location } from '@auction/platform/media';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { AppDeps } from './app.ts';
import { type BrandHosts, parseBrandHosts } from './brands/brands.ts';
import type { StripeSettings } from './payments/stripeGateway.ts';

/** The settings every part of the API may read (the rest of AppDeps is infrastructure). */
export interface ApiSettings {
  jwtSecret: string;
  /** The address links in messages point to. */
  publicUrl: string;
  cadToUsdRate: number;
  localOutbox: boolean;
  trustProxy: false | number | string[];
  twilioAuthToken?: string;
  metricsToken?: string;
  stripe?: StripeSettings;
  hub?: { redisUrl: string; redisPrefix?: string };
  rateLimitNamespace: string;
  webDist: string;
  /** Host → white-label brand (BRAND_HOSTS). */
  brandHosts: BrandHosts;
  /** Each brand's analytics property, when configured. */
  brandAnalytics: Partial<Record<BrandId, string>>;
  /** Canada Post AddressComplete key: the address lookup uses it when set, the local dataset otherwise. */
  addressCompleteKey?: string;
  /** Where lot photos go when not on disk (S3_URL). */
  s3?: S3Location;
  /** Web Push: the VAPID public key browsers subscribe with, and push-service origins allowed besides the browsers' own. */
  push?: PushSettings;
  /** Where uploaded lot photos are kept on disk. */
  mediaDir: string;
}

export interface PushSettings {
  vapidPublicKey: string;
  extraOrigins: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The same pool as `db`'s: the hot paths run named (prepared) statements on it. */
    pool: pg.Pool;
    redis: Redis;
    /** Bids, buys and max-bid changes go through the engine's command handler. */
    lotCommands: LotCommandHandler;
    /** The store the lot commands append to: the audit trail reads a lot's stream from it. */
    eventStore: EventStore;
    /** Email and SMS go out through this queue; the workers send them. */
    messageQueue: MessageQueue & MessageBatchQueue;
    /** Signs bid receipts (docs/audit.md); absent in tests, where the audit plugin makes one. */
    auditSigningKey: KeyObject | undefined;
    /** Where the operator API asks the workers to re-read an auction's status (absent: nobody listens). */
    auctionLifecycle: AuctionLifecycleQueue | undefined;
    settings: ApiSettings;
  }
}

/** The demo's table: brand 1 on localhost, brand 2 on 127.0.0.1 (the same server, two looks). */
export const DEFAULT_BRAND_HOSTS = 'localhost=1,127.0.0.1=2';

/** A typical rate, used when none is configured. */
export const DEFAULT_CAD_TO_USD = 0.72;

/**
 * The one place the process's infrastructure enters the app: every plugin and route reads it from
 * the instance (`app.db`, `app.lotCommands`, `app.settings`) rather than from options passed down.
 */
export type InfrastructureOptions = Omit<AppDeps, 'logLevel' | 'logStream' | 'onRoute' | 'sourceDir'> & {
  webDist: string;
};

export const infrastructure = fp<InfrastructureOptions>(
  async (app, deps) => {
    app.decorate('db', deps.db);
    app.decorate('pool', deps.pool);
    app.decorate('redis', deps.redis);
    app.decorate('lotCommands', deps.lotCommands);
    app.decorate('eventStore', deps.eventStore);
    app.decorate('messageQueue', deps.messageQueue);
    app.decorate('auditSigningKey', deps.auditSigningKey);
    app.decorate('auctionLifecycle', deps.auctionLifecycle);
    app.decorate('settings', {
      jwtSecret: deps.jwtSecret,
      publicUrl: deps.publicUrl,
      cadToUsdRate: deps.cadToUsdRate ?? DEFAULT_CAD_TO_USD,
      localOutbox: deps.localOutbox ?? false,
      trustProxy: deps.trustProxy ?? false,
      ...(deps.twilioAuthToken ? { twilioAuthToken: deps.twilioAuthToken } : {}),
      ...(deps.metricsToken ? { metricsToken: deps.metricsToken } : {}),
      ...(deps.hub ? { hub: deps.hub } : {}),
      ...(deps.stripe ? { stripe: deps.stripe } : {}),
      rateLimitNamespace: deps.rateLimitNamespace ?? 'auction',
      webDist: deps.webDist,
      brandHosts: parseBrandHosts(deps.brandHosts ?? DEFAULT_BRAND_HOSTS),
      brandAnalytics: deps.brandAnalytics ?? {},
      ...(deps.addressCompleteKey ? { addressCompleteKey: deps.addressCompleteKey } : {}),
      ...(deps.s3Url ? { s3: parseS3Url(deps.s3Url) } : {}),
      ...(deps.push ? { push: deps.push } : {}),
      mediaDir: deps.mediaDir ?? join(tmpdir(), 'auction-media'),
    } satisfies ApiSettings);
  },
  { name: 'infrastructure' },
);
