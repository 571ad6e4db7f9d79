import {
  errorAnswers,
  isAllowedPushEndpoint,
  pushPreferences,
  pushSettingsAnswer,
  pushSubscriptionBody,
  pushSubscriptionRemoval,
  successAnswer,
} from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { HttpError } from '../../../errors.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * The signed-in user's Web Push (docs/messages.md "Web Push"): the key to subscribe with and the
 * push switches; a browser's subscription saved or forgotten. Only the caller's own
 * subscriptions are ever touched, and an endpoint must be a browser's push service (the workers
 * call it), else 400 `invalid_push_endpoint`. Without VAPID keys configured: 503.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['communication preferences'], security: bearer });
  const { pushSubscriptions } = app;
  const push = app.settings.push;

  function settings() {
    if (!push) throw new HttpError(503, 'push_unavailable');
    return push;
  }

  app.get(
    '/api/account/push-subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'The VAPID key to subscribe a browser with, the push switches and how many browsers are subscribed',
        response: { 200: pushSettingsAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const { vapidPublicKey } = settings();
      return { vapidPublicKey, ...(await pushSubscriptions.settings(accountOf(request).id)) };
    },
  );

  app.post(
    '/api/account/push-subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        summary: "Save this browser's push subscription (PushSubscription.toJSON()) for the signed-in user",
        body: pushSubscriptionBody,
        response: { 200: successAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const { extraOrigins } = settings();
      if (!isAllowedPushEndpoint(request.body.endpoint, extraOrigins)) {
        throw new HttpError(400, 'invalid_push_endpoint');
      }
      await pushSubscriptions.subscribe(accountOf(request).id, request.body);
      return { success: true as const, message: 'push_subscribed', messages: ['push_subscribed'] };
    },
  );

  app.delete(
    '/api/account/push-subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        summary: "Forget one of the signed-in user's browsers (by its endpoint); nothing happens to anyone else's",
        body: pushSubscriptionRemoval,
        response: { 200: successAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => {
      await pushSubscriptions.unsubscribe(accountOf(request).id, request.body.endpoint);
      return { success: true as const, message: 'push_unsubscribed', messages: ['push_unsubscribed'] };
    },
  );

  app.put(
    '/api/account/push-subscriptions/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'The push switches: outbid notices, and the other notices (a lot won)',
        body: pushPreferences,
        response: { 200: pushPreferences, ...errorAnswers(401) },
      },
    },
    async (request) => {
      await pushSubscriptions.savePreferences(accountOf(request).id, request.body);
      return request.body;
    },
  );
}) satisfies FastifyPluginAsyncZod;
