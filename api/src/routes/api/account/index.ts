import type { FastifyPluginAsync } from 'fastify';
import { loginRoutes } from '../../account/login.ts';
import { passwordRecoveryRoutes } from '../../account/passwordRecovery.ts';
import { profileRoutes } from '../../account/profile.ts';
import { registrationRoutes } from '../../account/registration.ts';
import { bidderOrganizationNotificationRoutes } from '../../bidderOrganizationNotifications.ts';

export default (async (app) => {
  const context = app.accounts;
  await app.register(loginRoutes, { prefix: '/api', ...context });
  await app.register(registrationRoutes, { prefix: '/api', ...context });
  await app.register(profileRoutes, { prefix: '/api', ...context, publicUrl: app.settings.publicUrl });
  await app.register(passwordRecoveryRoutes, { prefix: '/api', ...context });
  await app.register(bidderOrganizationNotificationRoutes, { prefix: '/api', ...context });
}) satisfies FastifyPluginAsync;
