import { type OrganizationNotifications, organizationNotifications } from '../../accounts/organizationNotifications.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A bidder's communication preferences per organisation. */
    organizationNotifications: OrganizationNotifications;
  }
}

export default servicePlugin('organizationNotifications', (app) => organizationNotifications(app.db), {
  name: 'organization-notifications',
});
