import { tenDigitPhone } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountContext } from '../../accounts/accountContext.ts';
import { accountOf } from '../../accounts/auth.ts';
import { verifyPassword } from '../../accounts/passwordHashing.ts';
import { profileOf } from '../../accounts/profile.ts';
import { LIMITS } from '../../accounts/rateLimits.ts';
import { findUserById, findUserByPhone, findUserByUsername } from '../../accounts/userRepository.ts';
import { HttpError } from '../../errors.ts';
import { booleanish, passwordText } from '../../validation.ts';

const tags = ['account'];

/**
 * Login is two calls (spec 000 §7): authenticate checks the credentials and answers an access
 * token; token, called with it, answers the profile with the session's tokens. Refusals follow
 * spec 000 §4 and §8 in this order: unknown account (or a pending invitation: onboarding), wrong
 * password, disabled, email not verified.
 */
export const loginRoutes: FastifyPluginAsync<AccountContext> = async (root, context) => {
  const { db } = context;
  const app = root.withTypeProvider<ZodTypeProvider>();
  // OAuth-style clients post the password grant as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/account/authenticate',
    {
      config: { limits: LIMITS.login },
      schema: {
        tags,
        summary: 'Check credentials (email or phone, password); answers a short-lived access token',
        body: z.object({
          username: z.string().trim().min(1).max(254),
          password: passwordText,
          grant_type: z.literal('password').optional(),
        }),
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const phone = username.includes('@') ? null : tenDigitPhone(username);
      const user = phone ? await findUserByPhone(db, phone) : await findUserByUsername(db, username);
      const passwordOk = await verifyPassword(user?.password_hash ?? null, password);
      if (!user) {
        const invitation = phone
          ? await db
              .selectFrom('onboarding_invitations')
              .select('unique_code')
              .where('phone_number', '=', phone)
              .where('registered_user_id', 'is', null)
              .orderBy('id', 'desc')
              .executeTakeFirst()
          : undefined;
        if (invitation) throw new HttpError(403, 'redirect_onboard_register', { uniqueCode: invitation.unique_code });
        throw new HttpError(401, 'no_account_associated_with_email');
      }
      if (!passwordOk) throw new HttpError(401, 'password_invalid');
      if (user.disabled) throw new HttpError(403, 'user_disabled');
      if (!user.email_confirmed) {
        throw new HttpError(403, 'email_not_verified', { redirectToEmailConfirmation: true, userName: user.username });
      }
      const { token, expiresIn } = app.issueAccessToken(user);
      return { access_token: token, token_type: 'bearer', expires_in: expiresIn, userName: user.username };
    },
  );

  app.post(
    '/account/token',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        tags,
        summary:
          'Open the session: the profile and an access token; the refresh token (30 days with rememberMe) is set as an httpOnly cookie',
        security: [{ bearer: [] }],
        body: z.object({ rememberMe: booleanish.default(false) }).default({ rememberMe: false }),
      },
    },
    async (request, reply) => {
      const user = await findUserById(db, accountOf(request).id);
      if (!user) throw new HttpError(401, 'invalid_token');
      return { ...(await profileOf(db, user)), ...(await app.openSession(reply, user, request.body.rememberMe)) };
    },
  );

  app.post(
    '/account/refresh',
    {
      config: { limits: LIMITS.refresh },
      schema: {
        tags,
        summary:
          'Renew the access token with the refresh cookie; the cookie is rotated, and a reused one ends its whole session',
      },
    },
    async (request, reply) => app.refreshSession(request, reply),
  );

  app.delete(
    '/account/refresh',
    {
      config: { limits: LIMITS.refresh },
      schema: { tags, summary: "Log out: the refresh cookie's session ends and the cookie is cleared" },
    },
    async (request, reply) => {
      await app.closeSession(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/account',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        tags,
        summary: 'The signed-in profile (loaded again on every start with a stored token)',
        security: [{ bearer: [] }],
      },
    },
    async (request) => {
      const user = await findUserById(db, accountOf(request).id);
      if (!user) throw new HttpError(401, 'invalid_token');
      return profileOf(db, user);
    },
  );
};
