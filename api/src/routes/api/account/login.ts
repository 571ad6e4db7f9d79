import {
  accessTokenAnswer,
  authenticateBody,
  errorAnswers,
  noContent,
  openSessionBody,
  profile,
  sessionAnswer,
  sessionTokens,
  tenDigitPhone,
} from '@auction/contract';
import { smsStopReason } from '@auction/platform';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../accounts/auth.ts';
import { readCookie } from '../../../accounts/cookies.ts';
import { textInvitation } from '../../../accounts/invitationText.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie, rememberDevice } from '../../../accounts/knownDevice.ts';
import { verifyPassword } from '../../../accounts/passwordHashing.ts';
import { accountKey, deviceKeyOf, LIMITS } from '../../../accounts/rateLimits.ts';
import { secureCookiesFor } from '../../../accounts/refreshCookie.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * Login is two calls (spec 000 §7): authenticate checks the credentials and answers an access
 * token; token, called with it, answers the profile with the session's tokens. Refusals follow
 * spec 000 §4 and §8 in this order: unknown account (or a pending invitation: onboarding), wrong
 * password, disabled, email not verified.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['account'] });
  const { users } = app;
  const secureCookies = secureCookiesFor(app.settings.publicUrl);
  // OAuth-style clients post the password grant as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /**
   * A phone with a pending invitation and no account: the on-board link is texted to it again, and
   * the refusal says so without the invitation's code, which would let anyone who knows the number
   * register in the invitee's place (spec 000 §4 sends the user to onboarding: the text does). The
   * texts are limited as the SMS codes are; over the limit, or to a number that replied STOP,
   * nothing is sent, and the answer stays the same (the link was texted a moment ago, or never can be).
   */
  async function textInvitationAgain(request: FastifyRequest, phone: string): Promise<boolean> {
    const invitation = await app.invitations.pendingByPhone(phone);
    if (!invitation) return false;
    if ((await smsStopReason(app.accounts.db, phone)) !== null) return true;
    if (!(await app.withinLimits(request, LIMITS.invitationText))) return true;
    await textInvitation(app.accounts, {
      to: phone,
      language: languageOf(request),
      firstName: invitation.first_name,
      auctionName: invitation.title_short ?? invitation.url_magic_link,
      urlMagicLink: invitation.url_magic_link,
      uniqueCode: invitation.unique_code,
    });
    return true;
  }

  app.post(
    '/api/account/authenticate',
    {
      config: { limits: LIMITS.login },
      schema: {
        summary: 'Check credentials (email or phone, password); answers a short-lived access token',
        body: authenticateBody,
        response: { 200: accessTokenAnswer, ...errorAnswers(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const phone = username.includes('@') ? null : tenDigitPhone(username);
      const user = phone ? await users.byPhone(phone) : await users.byUsername(username);
      const passwordOk = await verifyPassword(user?.password_hash ?? null, password);
      if (!user) {
        if (phone && (await textInvitationAgain(request, phone))) throw new HttpError(403, 'redirect_onboard_register');
        throw new HttpError(401, 'no_account_associated_with_email');
      }
      if (!passwordOk) throw new HttpError(401, 'password_invalid');
      if (user.disabled) throw new HttpError(403, 'user_disabled');
      if (!user.email_confirmed) {
        throw new HttpError(403, 'email_not_verified', { redirectToEmailConfirmation: true, userName: user.username });
      }
      const { token, expiresIn } = app.issueAccessToken(user);
      // The password was right: this device is known to the account from now on (knownDevice.ts).
      const account = accountKey(request);
      if (account !== null) {
        const remembered = rememberDevice(deviceKeyOf(request), readCookie(request, KNOWN_DEVICE_COOKIE), account);
        reply.header('set-cookie', knownDeviceCookie(remembered, secureCookies));
      }
      return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn, userName: user.username };
    },
  );

  app.post(
    '/api/account/token',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        summary:
          'Open the session: the profile and an access token; the refresh token (30 days with rememberMe) is set as an httpOnly cookie',
        security: bearer,
        body: openSessionBody,
        response: { 200: sessionAnswer, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(users, request);
      return { ...(await users.profileOf(user)), ...(await app.openSession(reply, user, request.body.rememberMe)) };
    },
  );

  app.post(
    '/api/account/refresh',
    {
      config: { limits: LIMITS.refresh },
      schema: {
        summary:
          'Renew the access token with the refresh cookie; the cookie is rotated, and a reused one ends its whole session',
        response: { 200: sessionTokens, ...errorAnswers(401, 403, 429) },
      },
    },
    async (request, reply) => app.refreshSession(request, reply),
  );

  app.delete(
    '/api/account/refresh',
    {
      config: { limits: LIMITS.refresh },
      schema: {
        summary: "Log out: the refresh cookie's session ends and the cookie is cleared",
        response: { 204: noContent, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      await app.closeSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/account',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        summary: 'The signed-in profile (loaded again on every start with a stored token)',
        security: bearer,
        response: { 200: profile, ...errorAnswers(401, 403) },
      },
    },
    async (request) => users.profileOf(await signedInUser(users, request)),
  );
}) satisfies FastifyPluginAsyncZod;
