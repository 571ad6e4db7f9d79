import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the product reads, validated in one place so that a bad value
 * stops the start with the variable's name instead of failing later in some corner.
 */
const port = z.coerce.number().int().min(1).max(65535);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !PROXY_NAMES.has(entry) && isIP(entry.replace(/\/\d{1,3}$/, '')) === 0);
    if (entries.length === 0 || bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `expected proxy addresses or CIDRs (comma-separated), loopback, or a hop count${bad ? `; not an address: ${bad}` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  /** Loopback unless told otherwise: a container or a host behind a proxy sets 0.0.0.0 itself. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The proxies whose X-Forwarded-For counts (Fastify's trustProxy): a comma-separated list of
   * addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`), or a hop count. Off by default:
   * the client address is then the socket's, whatever headers the client sends.
   */
  TRUST_PROXY: trustProxy.default(false),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_REDIS_PORT: port.default(63799),
  JWT_SECRET: z.string().min(32).optional(),
  /** The Ed25519 key signing the audit log's checkpoints and bid receipts (PKCS#8 PEM or base64 DER); unset: one kept in DATA_DIR. */
  AUDIT_SIGNING_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ALLOW_APT_INSTALL: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Where email goes (smtp://host:port, smtps://user:pass@host:465); `npm start` runs a local catcher without it. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Charity Auctions <no-reply@auctions.local>'),
  TWILIO_ACCOUNT_SID: z.string().startsWith('AC').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number in E.164 (+1NNNNNNNNNN). */
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'expected an E.164 number such as +15145550100')
    .optional(),
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); unset: one kept in DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/)
    .optional(),
  /** The contact push services may use about our traffic (mailto: or https:). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .optional(),
  /** Origins of push services besides the known browsers' ones a subscription may point at (the local double under npm start), comma-separated. */
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  /** Base URL of a Twilio-compatible API: the local SMS double. Unset means Twilio itself. */
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Stripe's secret key (test mode: sk_test_…). Unset: the local Stripe double (STRIPE_API_URL) is used. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^[sr]k_(test|live)_/, 'expected a Stripe secret key (sk_test_…)')
    .optional(),
  /** The webhook endpoint's signing secret (whsec_…): events without its signature are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** The publishable key (pk_test_…) the web app opens Checkout with. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'expected a Stripe publishable key (pk_test_…)')
    .optional(),
  /** Base URL of a Stripe-compatible API: the local Stripe double. Unset means Stripe itself. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** CAD→USD rate for the approximate converted amounts of bidders who prefer USD. */
  CAD_TO_USD_RATE: z.coerce.number().positive().max(10).optional(),
  /**
   * What a workers process runs: `all`, or a comma-separated list of `auction` (projections,
   * closings, lifecycle, notifications) and `messages` (sending email and SMS). Several processes
   * may run each part; `messages` apart lets email and SMS scale, or yield, without touching the
   * closings.
   */
  WORKER_ROLES: z
    .string()
    .default('all')
    .transform((v) => v.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(['all', 'auction', 'messages'])).min(1))
    .transform((roles) => ({
      auction: roles.includes('all') || roles.includes('auction'),
      messages: roles.includes('all') || roles.includes('messages'),
    })),
  /** The API serves the local outbox page (/outbox): what the local catchers received. */
  LOCAL_OUTBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** GET /metrics answers a client on the same machine, or one sending `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Host → white-label brand, `host=1,host=2` (spec 000 §1); unset: localhost is brand 1, 127.0.0.1 brand 2. */
  BRAND_HOSTS: z.string().trim().min(3).optional(),
  BRAND1_ANALYTICS_PROPERTY: z.string().trim().min(1).optional(),
  BRAND2_ANALYTICS_PROPERTY: z.string().trim().min(1).optional(),
  /** Canada Post AddressComplete API key; unset: the address lookup answers from a small local dataset. */
  ADDRESS_COMPLETE_KEY: z.string().trim().min(8).optional(),
  /**
   * Lot photos in an S3-compatible bucket, `https://KEY:SECRET@host/bucket[/prefix]?region=…`
   * (docs/console.md "Photos"); unset: on disk under DATA_DIR/media.
   */
  S3_URL: z.string().trim().min(1).optional(),
  /** The workers' GET /metrics listener (on HOST); 0 turns it off. */
  WORKERS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(defined);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
