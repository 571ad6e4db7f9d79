import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { HttpError } from '../errors.ts';
import { hasAnyRole, type RoleId } from './roles.ts';

/**
 * Access tokens live 15 minutes; the refresh token renews them for 30 days with rememberMe, else
 * for 12 hours. Both carry the user's token version: a password or username change bumps it, and
 * every token issued before is refused from then on.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_REMEMBER_SECONDS = 30 * 24 * 3600;
export const REFRESH_TTL_SESSION_SECONDS = 12 * 3600;

export interface TokenClaims {
  sub: string;
  ver: number;
  typ: 'access' | 'refresh';
  remember?: boolean;
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
    issueTokens(
      user: { id: string; token_version: number },
      rememberMe: boolean,
    ): { token: string; refreshToken: string; expiresIn: number };
  }
  interface FastifyContextConfig {
    /** Routes an account with a temporary password may still call (everything else waits for the reset). */
    allowTemporaryPassword?: boolean;
  }
}

export interface AuthOptions {
  pool: pg.Pool;
  jwtSecret: string;
}

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
  async (app: FastifyInstance, { pool, jwtSecret }) => {
    await app.register(fastifyJwt, { secret: jwtSecret });
    app.decorateRequest('account', null);

    app.decorate('issueTokens', (user: { id: string; token_version: number }, rememberMe: boolean) => ({
      token: app.jwt.sign(
        { sub: user.id, ver: user.token_version, typ: 'access' },
        { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
      ),
      refreshToken: app.jwt.sign(
        { sub: user.id, ver: user.token_version, typ: 'refresh', remember: rememberMe },
        { expiresIn: rememberMe ? REFRESH_TTL_REMEMBER_SECONDS : REFRESH_TTL_SESSION_SECONDS },
      ),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    }));

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
