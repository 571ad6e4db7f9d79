import {
  errorAnswers,
  identityIdParams,
  identityParams,
  idParams,
  organizationNotification,
  organizationNotificationBody,
  organizationNotificationChange,
  organizationNotificationSaved,
  organizationNotifications,
  organizationNotificationsQuery,
  unsubscribeModel,
} from '@auction/contract';
import { unsubscribeKey, verifyUnsubscribeToken } from '@auction/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf, signedInUser } from '../../../accounts/auth.ts';
import type { ChangedBy } from '../../../accounts/organizationNotifications.ts';
import type { UserRow } from '../../../accounts/userRepository.ts';
import { HttpError } from '../../../errors.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** The unsubscribe page needs no login: its calls are limited per address instead. */
const byCodeLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

/**
 * Per-organisation communication preferences: for the signed-in bidder, and by the identity code
 * or the signed token of an unsubscribe link with no login (spec 000 §2 Unsubscribe). An unknown code answers 401
 * `unsubscribe_unauthorized`, which the page shows with a link to the notifications page.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['communication preferences'] });
  const { users } = app;
  const preferences = app.organizationNotifications;

  const linkKey = unsubscribeKey(app.settings.jwtSecret);

  /**
   * The user of an identity code, or of the signed token an email's unsubscribe link carries, and
   * who is asking: the token's holder may only turn notices off (`ChangedBy`), and a token from an
   * organisation's email reaches that organisation's choice only (`organizationId`; null: all).
   */
  async function byCode(identity: string): Promise<{ user: UserRow; by: ChangedBy; organizationId: number | null }> {
    const signed = verifyUnsubscribeToken(linkKey, identity);
    const user = signed ? await users.byId(signed.userId) : await users.byIdentityCode(identity);
    if (!user) throw new HttpError(401, 'unsubscribe_unauthorized');
    return { user, by: signed ? 'unsubscribeLink' : 'owner', organizationId: signed?.organizationId ?? null };
  }

  app.get(
    '/api/bidder-organization-notifications',
    {
      preHandler: app.authenticate,
      schema: {
        security: bearer,
        summary: "The bidder's choices per organisation (id 0: not chosen yet)",
        querystring: organizationNotificationsQuery,
        response: { 200: organizationNotifications, ...errorAnswers(401, 403) },
      },
    },
    async (request) => preferences.listFor(accountOf(request).id, request.query.urlMagicLink),
  );

  app.post(
    '/api/bidder-organization-notifications',
    {
      preHandler: app.authenticate,
      schema: {
        security: bearer,
        summary: 'Record the choice for an organisation',
        body: organizationNotificationBody,
        response: { 200: organizationNotification, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => preferences.save(await signedInUser(users, request), request.body),
  );

  app.patch(
    '/api/bidder-organization-notifications/:id',
    {
      preHandler: app.authenticate,
      schema: {
        security: bearer,
        summary: 'Change an organisation choice',
        params: idParams,
        body: organizationNotificationChange,
        response: { 200: organizationNotification, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => preferences.change(await signedInUser(users, request), request.params.id, request.body),
  );

  app.get(
    '/api/bidder-organization-notifications/by-code/:identity',
    {
      config: byCodeLimit,
      schema: {
        summary: "Unsubscribe page: the bidder's preferences by the identity code of the link (no login)",
        params: identityParams,
        querystring: organizationNotificationsQuery,
        response: { 200: unsubscribeModel, ...errorAnswers(401, 429) },
      },
    },
    async (request) => {
      const { user, by, organizationId } = await byCode(request.params.identity);
      const choices = await preferences.listFor(user.id, request.query.urlMagicLink);
      return {
        onlyLower: by === 'unsubscribeLink',
        bidder: {
          firstName: user.first_name,
          lastName: user.last_name,
          nickName: user.nick_name,
          smsGeneralNotifications: user.sms_general_notifications,
          emailGeneralNotifications: user.email_general_notifications,
          smsOutbidNotifications: user.sms_outbid_notifications,
          emailOutbidNotifications: user.email_outbid_notifications,
        },
        organizationNotifications:
          organizationId === null ? choices : choices.filter((choice) => choice.organization_Id === organizationId),
      };
    },
  );

  app.post(
    '/api/bidder-organization-notifications/by-code/:identity',
    {
      config: byCodeLimit,
      schema: {
        summary: 'Unsubscribe page: record a choice not yet made (id 0)',
        params: identityParams,
        body: organizationNotificationBody,
        response: { 200: organizationNotificationSaved, ...errorAnswers(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { user, by, organizationId } = await byCode(request.params.identity);
      // Another organisation than the link's is unknown to it.
      if (organizationId !== null && request.body.organization_Id !== organizationId) {
        throw new HttpError(404, 'organization_not_found');
      }
      const saved = await preferences.save(user, request.body, by);
      return { success: true as const, messages: ['saved_successfully'], ...saved };
    },
  );

  app.patch(
    '/api/bidder-organization-notifications/by-code/:identity/:id',
    {
      config: byCodeLimit,
      schema: {
        summary: 'Unsubscribe page: change a choice ([{fieldName, value}])',
        params: identityIdParams,
        body: organizationNotificationChange,
        response: { 200: organizationNotificationSaved, ...errorAnswers(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { user, by, organizationId } = await byCode(request.params.identity);
      const saved = await preferences.change(user, request.params.id, request.body, by, organizationId);
      return { success: true as const, messages: ['saved_successfully'], ...saved };
    },
  );
}) satisfies FastifyPluginAsyncZod;
