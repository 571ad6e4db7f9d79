import fp from 'fastify-plugin';
import { type OrganizationNotifications, organizationNotifications } from '../../accounts/organizationNotifications.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A bidder's communication preferences per organisation. */
    organizationNotifications: OrganizationNotifications;
  }
}

export default fp(
  async (app) => {
    app.decorate('organizationNotifications', organizationNotifications(app.db));
  },
  { name: 'organization-notifications', dependencies: ['infrastructure'] },
);
