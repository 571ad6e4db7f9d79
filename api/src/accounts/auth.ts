import type { Db } from '@auction/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { HttpError } from '../errors.ts';
import { refreshClaimsOf } from './refreshClaims.ts';
import { clearRefreshCookie, setRefreshCookie } from './refreshCookie.ts';
import { openFamily, type RefreshGrant, revokeFamily, rotateFamily } from './refreshTokens.ts';
import { hasAnyRole, type RoleId } from './roles.ts';
import type { UserRepository, UserRow } from './userRepository.ts';

/**
 * Access tokens live 15 minutes; the refresh token renews them for 30 days with rememberMe, else
 * for 12 hours (from its last use). Both carry the user's token version: a password or username
 * change bumps it, and every token issued before is refused from then on. The refresh token lives
 * in an httpOnly cookie (refreshCookie.ts) and belongs to a family that rotates on every use
 * (refreshTokens.ts).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_REMEMBER_SECONDS = 30 * 24 * 3600;
export const REFRESH_TTL_SESSION_SECONDS = 12 * 3600;

export interface TokenClaims {
  sub: string;
  ver: number;
  typ: 'access' | 'refresh';
  /** Refresh tokens: the family (the session) and this token's id in it. */
  fam?: string;
  jti?: string;
}

export interface AuthenticatedUser {
  id: string;
  roles: number[];
  hasTemporaryPassword: boolean;
  /** Read with the rest of the row, so converted amounts cost no query of their own. */
  preferredCurrencyCode: 'CAD' | 'USD';
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    account: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: requires a valid access token whose version is current and an enabled account. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Only the token's signature, expiry and type (401 otherwise): for a route that reads the
     * account's row in its own query and checks it with `checkedAccount`.
     */
    verifyAccessToken: (request: FastifyRequest) => Promise<TokenClaims>;
    /** Like authenticate, but lets an anonymous request through with request.account = null. */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRoles: (roles: readonly RoleId[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A short-lived access token alone (the session's refresh token comes from openSession). */
    issueAccessToken(user: { id: string; token_version: number }): { token: string; expiresIn: number };
    /**
     * Opens a session: a new refresh-token family, its first token set as the cookie; answers the
     * access token.
     */
    openSession(
      reply: FastifyReply,
      user: { id: string; token_version: number },
      rememberMe: boolean,
    ): Promise<{ token: string; expiresIn: number }>;
    /**
     * Rotates the refresh cookie's token: the next one is set as the cookie and the access token
     * answered. A reused (already rotated) token revokes its family; every refusal clears the cookie.
     */
    refreshSession(request: FastifyRequest, reply: FastifyReply): Promise<{ token: string; expiresIn: number }>;
    /** Logging out: revokes the cookie's family, if any, and clears the cookie. */
    closeSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyContextConfig {
    /** Routes an account with a temporary password may still call (everything else waits for the reset). */
    allowTemporaryPassword?: boolean;
  }
}

export interface AuthOptions {
  pool: pg.Pool;
  db: Db;
  /** Mark the refresh cookie Secure (everywhere but a developer's http://localhost). */
  secureCookies: boolean;
}

const refreshTtl = (remember: boolean) => (remember ? REFRESH_TTL_REMEMBER_SECONDS : REFRESH_TTL_SESSION_SECONDS);

/** The users columns the account check reads. */
export interface AccountRow {
  id: string;
  roles: number[];
  disabled: boolean;
  token_version: number;
  has_temporary_password: boolean;
  preferred_currency_code: 'CAD' | 'USD';
}

/**
 * A named statement: PostgreSQL parses and plans it once per connection, and every request that
 * carries a token runs it.
 */
const ACCOUNT_QUERY = {
  name: 'auth-account',
  text: `SELECT id, roles, disabled, token_version, has_temporary_password, preferred_currency_code
    FROM users WHERE id = $1`,
};

/**
 * The account a verified token stands for, or the refusal: a token issued before the last
 * password or username change is invalid, a disabled account is refused, and a temporary password
 * must be reset before anything but the routes that allow it.
 */
export function checkedAccount(
  claims: TokenClaims,
  row: AccountRow | undefined,
  request: FastifyRequest,
): AuthenticatedUser {
  if (!row || row.token_version !== claims.ver) throw new HttpError(401, 'invalid_token');
  if (row.disabled) throw new HttpError(403, 'user_disabled');
  if (row.has_temporary_password && !request.routeOptions.config.allowTemporaryPassword) {
    throw new HttpError(403, 'temporary_password_must_be_reset');
  }
  return {
    id: row.id,
    roles: row.roles,
    hasTemporaryPassword: row.has_temporary_password,
    preferredCurrencyCode: row.preferred_currency_code,
  };
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, { pool, db, secureCookies }) => {
    app.decorateRequest('account', null);

    function issueAccessToken(user: { id: string; token_version: number }) {
      return {
        token: app.jwt.sign(
          { sub: user.id, ver: user.token_version, typ: 'access' },
          { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        ),
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      };
    }

    function setRefreshToken(
      reply: FastifyReply,
      user: { id: string; token_version: number },
      grant: RefreshGrant,
      remember: boolean,
    ) {
      const ttl = refreshTtl(remember);
      const token = app.jwt.sign(
        { sub: user.id, ver: user.token_version, typ: 'refresh', fam: grant.familyId, jti: grant.tokenId },
        { expiresIn: ttl },
      );
      setRefreshCookie(reply, token, ttl, secureCookies);
    }

    app.decorate('issueAccessToken', issueAccessToken);
    app.decorate(
      'openSession',
      async (reply: FastifyReply, user: { id: string; token_version: number }, rememberMe: boolean) => {
        const grant = await openFamily(db, user.id, rememberMe, refreshTtl(rememberMe));
        setRefreshToken(reply, user, grant, rememberMe);
        return issueAccessToken(user);
      },
    );
    app.decorate('refreshSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const refuse = (status: 401 | 403, key: string) => {
        clearRefreshCookie(reply, secureCookies);
        return new HttpError(status, key);
      };
      const claims = refreshClaimsOf(request);
      if (!claims) throw refuse(401, 'invalid_token');
      const rotation = await rotateFamily(db, { familyId: claims.fam, tokenId: claims.jti }, refreshTtl);
      if (rotation.outcome === 'reused' || rotation.outcome === 'invalid' || rotation.userId !== claims.sub) {
        throw refuse(401, 'invalid_token');
      }
      const { rows } = await pool.query<AccountRow>({ ...ACCOUNT_QUERY, values: [claims.sub] });
      const user = rows[0];
      if (!user || user.token_version !== claims.ver) {
        await revokeFamily(db, claims.fam);
        throw refuse(401, 'invalid_token');
      }
      if (user.disabled) throw refuse(403, 'user_disabled');
      setRefreshToken(reply, user, rotation.grant, rotation.remember);
      return issueAccessToken(user);
    });
    app.decorate('closeSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const claims = refreshClaimsOf(request);
      if (claims) await revokeFamily(db, claims.fam);
      clearRefreshCookie(reply, secureCookies);
    });

    async function verifyAccessToken(request: FastifyRequest): Promise<TokenClaims> {
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        throw new HttpError(401, 'invalid_token');
      }
      if (claims.typ !== 'access') throw new HttpError(401, 'invalid_token');
      return claims;
    }

    async function load(request: FastifyRequest): Promise<AuthenticatedUser> {
      const claims = await verifyAccessToken(request);
      const { rows } = await pool.query<AccountRow>({ ...ACCOUNT_QUERY, values: [claims.sub] });
      return checkedAccount(claims, rows[0], request);
    }

    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.account = await load(request);
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      request.account = request.headers.authorization ? await load(request) : null;
    });
    app.decorate('requireRoles', (roles: readonly RoleId[]) => async (request: FastifyRequest) => {
      request.account = await load(request);
      if (!hasAnyRole(request.account.roles, roles)) throw new HttpError(403, 'forbidden');
    });
  },
  { name: 'auth' },
);

/** The signed-in account of a route guarded by `authenticate`. */
export function accountOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.account) throw new HttpError(401, 'invalid_token');
  return request.account;
}

/**
 * The signed-in account's whole row (profile, password hash) for the account routes; an account
 * gone since its token was issued answers 401 `invalid_token`, as a stale token does.
 */
export async function signedInUser(users: Pick<UserRepository, 'byId'>, request: FastifyRequest): Promise<UserRow> {
  const user = await users.byId(accountOf(request).id);
  if (!user) throw new HttpError(401, 'invalid_token');
  return user;
}
