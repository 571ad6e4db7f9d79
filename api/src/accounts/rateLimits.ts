import { tenDigitPhone } from '@auction/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { HttpError } from '../errors.ts';
import { clientNetwork } from './clientNetwork.ts';
import { readCookie } from './cookies.ts';
import { deviceNonceFor, KNOWN_DEVICE_COOKIE, knownDeviceKey } from './knownDevice.ts';
import { refreshClaimsOf } from './refreshClaims.ts';

/**
 * Limits on the calls an attacker would repeat (docs/security.md). A call counts in every bucket
 * of its group at once, each over a fixed window in Redis (so they hold across API processes):
 * - per client address: `request.ip`, which is the socket's address unless TRUST_PROXY names the
 *   proxy that forwarded the request, so a forged X-Forwarded-For moves nothing; an IPv6 client
 *   counts per /64, the block it can pick addresses from (clientNetwork.ts);
 * - per account tried, normalised: an email lower-cased, a phone reduced to its 10 digits (every
 *   spelling of a number is one bucket), a signed-in user by id; spreading over many addresses
 *   does not reset it;
 * - for everyone at once, on the calls that answer whether something exists (the masked email,
 *   the unique checks): a botnet gets no more than that in total;
 * - failed logins per address, whatever the accounts tried: a success gives its slot back, so a
 *   venue's shared Wi-Fi logging in its bidders is not stopped while a guesser is.
 * Over any of them: 429 `too_many_requests` with Retry-After.
 *
 * Failure buckets count only what could be a guess: a call refused by a limit never had its
 * password checked, so it takes no slot in them (see COUNT_SCRIPT).
 */

export interface Bucket {
  /** Part of the Redis key: buckets of the same name are shared by every route that lists them. */
  name: string;
  max: number;
  windowMs: number;
  /** What the bucket counts per; null when the request has nothing to key on (the bucket is skipped). */
  key: (request: FastifyRequest) => string | null;
  /** Only refusals count: an answer below 400 gives the slot back. */
  failuresOnly?: boolean;
}

const MINUTE = 60_000;

/** The signed-in account (routes behind authentication); null skips the bucket. */
const signedInAccount = (request: FastifyRequest): string | null =>
  request.account ? `user:${request.account.id}` : null;

/** The account a request is about: the signed-in user, else the email or phone it names. */
export function accountKey(request: FastifyRequest): string | null {
  if (request.account) return `user:${request.account.id}`;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const value = body.username ?? body.value ?? body.email ?? params.username ?? params.phone;
  return typeof value === 'string' && value.trim() !== '' ? normalisedIdentifier(value) : null;
}

/** An email lower-cased and trimmed; anything that reads as a phone number, its 10 digits. */
export function normalisedIdentifier(value: string): string {
  const text = value.trim();
  if (!text.includes('@')) {
    const digits = tenDigitPhone(text);
    if (digits) return `phone:${digits}`;
  }
  return `id:${text.toLowerCase()}`;
}

/** Exported for the routes that keep a bucket of their own per address. */
export const byAddress = (request: FastifyRequest) => clientNetwork(request.ip);
const everyone = () => 'all';

function perAddress(name: string, max: number, windowMs: number): Bucket {
  return { name: `${name}:address`, max, windowMs, key: byAddress };
}
function perAccount(name: string, max: number, windowMs: number): Bucket {
  return { name: `${name}:account`, max, windowMs, key: accountKey };
}
function overall(name: string, max: number, windowMs: number): Bucket {
  return { name: `${name}:all`, max, windowMs, key: everyone };
}

/** The account tried from this address (an address or network holds no `|`, so the pair reads one way only). */
function accountFromAddress(request: FastifyRequest): string | null {
  const account = accountKey(request);
  return account === null ? null : `${byAddress(request)}|${account}`;
}

const deviceKeys = new Map<string, Buffer>();
/** The key that signs known-device cookies, drawn once from the app's secret. */
export function deviceKeyOf(request: FastifyRequest): Buffer {
  const secret = request.server.settings.jwtSecret;
  const known = deviceKeys.get(secret);
  if (known) return known;
  const key = knownDeviceKey(secret);
  deviceKeys.set(secret, key);
  return key;
}

/** The device's nonce when the login carries a known-device entry signed for the account it tries (knownDevice.ts). */
function knownDevice(request: FastifyRequest): string | null {
  const account = accountKey(request);
  if (account === null) return null;
  return deviceNonceFor(deviceKeyOf(request), readCookie(request, KNOWN_DEVICE_COOKIE), account);
}

/** The account's ceiling across addresses, which a device the owner logged in on does not meet. */
function accountUnlessKnownDevice(request: FastifyRequest): string | null {
  return knownDevice(request) === null ? accountKey(request) : null;
}

/** The session (refresh family) of a refresh cookie that verifies; null for any other call. */
function refreshFamily(request: FastifyRequest): string | null {
  const claims = refreshClaimsOf(request);
  return claims === null ? null : `fam:${claims.fam}`;
}

/** The address of a refresh call without a cookie that verifies: only such calls share its count. */
function addressWithoutRefreshToken(request: FastifyRequest): string | null {
  return refreshClaimsOf(request) === null ? byAddress(request) : null;
}

const CODE_SENDING: readonly Bucket[] = [
  perAccount('code-sending', 5, 15 * MINUTE),
  perAddress('code-sending', 20, 15 * MINUTE),
];

export const LIMITS = {
  /**
   * Failures on one account are counted per address that makes them: a stranger guessing at
   * someone's account from their own address is stopped there, and the owner, elsewhere, still
   * logs in (a per-account count of every attempt let a rival lock a bidder out in an auction's
   * closing minute with ten wrong passwords). Guesses spread over many addresses meet the
   * per-account ceiling across all of them, high enough that a few addresses cannot reach it. A
   * device the owner logged in on is counted on its own instead of in that ceiling, so reaching
   * the ceiling does not lock the owner out of their phone (knownDevice.ts).
   */
  login: [
    { name: 'login:account-address', max: 10, windowMs: MINUTE, key: accountFromAddress, failuresOnly: true },
    {
      name: 'login:account-failures',
      max: 100,
      windowMs: 15 * MINUTE,
      key: accountUnlessKnownDevice,
      failuresOnly: true,
    },
    { name: 'login:device-failures', max: 10, windowMs: 15 * MINUTE, key: knownDevice, failuresOnly: true },
    perAddress('login', 100, MINUTE),
    { name: 'login:failures', max: 30, windowMs: 15 * MINUTE, key: byAddress, failuresOnly: true },
  ],
  /**
   * Registration, per email, and per address sized for a venue: a gala signs up its guests from
   * its one Wi-Fi address over the evening, a few at a time, while one client signing up accounts
   * by the dozen (each reserving a phone number it never proved: docs/security.md) is stopped.
   */
  registration: [perAccount('registration', 5, 15 * MINUTE), perAddress('registration', 30, 15 * MINUTE)],
  /** Recovery and confirmation emails. */
  recoveryEmail: [perAccount('recovery-email', 5, 15 * MINUTE), perAddress('recovery-email', 20, 15 * MINUTE)],
  /** SMS codes (recovery, phone validation): each one costs money and a stranger's attention. */
  codeSending: CODE_SENDING,
  /**
   * A login by a phone with a pending invitation texts its on-board link again (login.ts). Counted
   * in the very buckets of the SMS codes, so anonymous calls text a phone no more, all together,
   * than the code sending allows; spent only on that path, with `withinLimits`.
   */
  invitationText: CODE_SENDING,
  /** Checks of codes and tokens: five wrong tries spend a code; these bound the guessing of new ones. */
  codeCheck: [perAccount('code-check', 10, 10 * MINUTE), perAddress('code-check', 30, 10 * MINUTE)],
  /** The masked email tells whether a phone has an account (spec 000 §8 requires the answer). */
  maskedEmail: [
    perAccount('masked-email', 5, 15 * MINUTE),
    perAddress('masked-email', 10, 15 * MINUTE),
    overall('masked-email', 100, 15 * MINUTE),
  ],
  /** Unique nickname and phone checks, the invitation prefill: typed during registration. */
  uniqueCheck: [perAddress('unique-check', 60, MINUTE), overall('unique-check', 600, MINUTE)],
  /**
   * Refreshes count per session (the refresh family of a cookie that verifies), so a venue's
   * bidders behind one address renew their tokens whatever their number. Calls without such a
   * cookie, which only a stranger or a lost session makes, count per address on their own: filling
   * that count refuses nobody holding a session.
   */
  refresh: [
    { name: 'refresh:family', max: 30, windowMs: MINUTE, key: refreshFamily },
    { name: 'refresh:no-token:address', max: 60, windowMs: MINUTE, key: addressWithoutRefreshToken },
  ],
  /**
   * Staff acts that take any user by id and hand the organisation that person's name, email and
   * phone (a bidder's status in one of its auctions, a role in it): user ids are public (bid
   * histories carry them), so these are bounded per signed-in account, far above what an operator
   * does by hand, far below a harvest of the platform's bidders.
   */
  staffByUserId: [{ name: 'staff-by-user-id:account', max: 120, windowMs: 10 * MINUTE, key: signedInAccount }],
  /**
   * Walk-ins at the door: each finds an account by the email or phone typed and answers its name
   * and contacts. One every five seconds for ten minutes is more than a busy door registers.
   */
  walkIn: [{ name: 'walk-in:account', max: 120, windowMs: 10 * MINUTE, key: signedInAccount }],
} as const satisfies Record<string, readonly Bucket[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The buckets this route counts in (LIMITS). */
    limits?: readonly Bucket[];
  }
  interface FastifyInstance {
    /**
     * Counts the call in buckets that only one path of a route spends (a text the route sends
     * on one of its answers): true when within every one of them, false when over any (the
     * route then leaves that path out). Buckets counting failures only have no meaning here.
     */
    withinLimits(request: FastifyRequest, buckets: readonly Bucket[]): Promise<boolean>;
  }
}

/**
 * One round trip for every bucket of a call; ARGV holds each key's window, maximum and whether it
 * counts failures only. Answers, for each key, 1 when this call is over its maximum, and its time
 * left. The call counts in every bucket, except that a call refused by any bucket takes no slot in
 * the failure buckets: it never reached the password, so it guessed nothing. Otherwise a guesser
 * held back at their own address could go on calling there, each refusal filling the account's
 * ceiling across addresses, until the owner was locked out too. Checking before counting, in one
 * script, keeps that decision atomic across API processes.
 */
const COUNT_SCRIPT = `
local refused = false
local over = {}
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  over[i] = count + 1 > tonumber(ARGV[3 * i - 1])
  if over[i] then refused = true end
end
local result = {}
for i, key in ipairs(KEYS) do
  local window = ARGV[3 * i - 2]
  if not (refused and ARGV[3 * i] == '1') then
    local count = redis.call('INCR', key)
    if count == 1 then redis.call('PEXPIRE', key, window) end
  end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 and redis.call('EXISTS', key) == 1 then redis.call('PEXPIRE', key, window) end
  if ttl < 0 then ttl = tonumber(window) end
  result[#result + 1] = over[i] and 1 or 0
  result[#result + 1] = ttl
end
return result`;

export interface RateLimitOptions {
  redis: Redis;
  /** Keeps the counters of different apps on one Redis apart (tests). */
  namespace: string;
}

const refunds = new WeakMap<FastifyRequest, string[]>();

/** Adds the counting preHandler (after the route's own, so the account is known) to every route with `limits`. */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, { redis, namespace }) => {
    const prefix = `${namespace}:limits:`;

    /** Counts the call in its buckets (COUNT_SCRIPT); answers the keys counted and, when refused, the wait. */
    async function spend(request: FastifyRequest, buckets: readonly Bucket[]) {
      const counted = buckets.flatMap((bucket) => {
        const key = bucket.key(request);
        return key === null ? [] : [{ bucket, redisKey: `${prefix}${bucket.name}:${key}` }];
      });
      if (counted.length === 0) return { counted, refused: false, retryAfterMs: 0 };
      const answer = (await redis.eval(
        COUNT_SCRIPT,
        counted.length,
        ...counted.map((c) => c.redisKey),
        ...counted.flatMap((c) => [String(c.bucket.windowMs), String(c.bucket.max), c.bucket.failuresOnly ? '1' : '0']),
      )) as number[];
      let refused = false;
      let retryAfterMs = 0;
      counted.forEach((_, i) => {
        if (answer[2 * i] !== 1) return;
        refused = true;
        retryAfterMs = Math.max(retryAfterMs, answer[2 * i + 1] as number);
      });
      return { counted, refused, retryAfterMs };
    }

    async function count(request: FastifyRequest, reply: FastifyReply, buckets: readonly Bucket[]) {
      const { counted, refused, retryAfterMs } = await spend(request, buckets);
      if (refused) {
        // At least a second: Retry-After: 0 would invite the client straight back.
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        throw new HttpError(429, 'too_many_requests');
      }
      const refundable = counted.filter((c) => c.bucket.failuresOnly).map((c) => c.redisKey);
      if (refundable.length) refunds.set(request, refundable);
    }

    app.decorate('withinLimits', async (request: FastifyRequest, buckets: readonly Bucket[]) => {
      if (buckets.some((bucket) => bucket.failuresOnly)) throw new Error('withinLimits counts every call');
      return !(await spend(request, buckets)).refused;
    });

    async function refund(request: FastifyRequest, reply: FastifyReply) {
      const keys = refunds.get(request);
      if (!keys || reply.statusCode >= 400) return;
      refunds.delete(request);
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.decr(key);
      // The answer is made: a lost refund only leaves the count one higher until the window ends.
      await pipeline.exec().catch((error: unknown) => request.log.warn({ err: error }, 'rate limit refund failed'));
    }

    app.addHook('onRoute', (route) => {
      const buckets = route.config?.limits;
      if (!buckets?.length) return;
      const limit = (request: FastifyRequest, reply: FastifyReply) => count(request, reply, buckets);
      route.preHandler = [...toArray(route.preHandler), limit];
      if (buckets.some((bucket) => bucket.failuresOnly)) {
        const giveBack = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          await refund(request, reply);
          return payload;
        };
        route.onSend = [...toArray(route.onSend), giveBack];
      }
    });
  },
  { name: 'account-rate-limits' },
);

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
