import { errorAnswers, messagesAnswer, oneClickUnsubscribeQuery } from '@auction/contract';
import { unsubscribeKey, verifyUnsubscribeToken } from '@auction/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';

/**
 * RFC 8058 one-click unsubscribe: the URL of every email's `List-Unsubscribe` header, which a mail
 * client POSTs `List-Unsubscribe=One-Click` to, with no login and no cookie. The signed token in
 * the URL says who and what (docs/messages.md); the body is not needed. Repeating it changes
 * nothing more. A token that does not verify answers 401 `unsubscribe_unauthorized`, changing nothing.
 */
export default (async (app) => {
  const linkKey = unsubscribeKey(app.settings.jwtSecret);
  // Mail clients post a form (RFC 8058 §3.1); its one field is not needed, so any form is accepted here only.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  }

  app.post(
    '/api/unsubscribe/one-click',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['communication preferences'],
        summary: "One-click unsubscribe from an email's List-Unsubscribe header (no login)",
        querystring: oneClickUnsubscribeQuery,
        response: { 200: messagesAnswer, ...errorAnswers(401, 429) },
      },
    },
    async (request) => {
      const scope = verifyUnsubscribeToken(linkKey, request.query.token);
      const user = scope ? await app.users.byId(scope.userId) : undefined;
      if (!scope || !user) throw new HttpError(401, 'unsubscribe_unauthorized');
      await app.organizationNotifications.unsubscribeEmail(user, scope.organizationId);
      return { success: true as const, messages: ['unsubscribed_successfully'] };
    },
  );
}) satisfies FastifyPluginAsyncZod;
