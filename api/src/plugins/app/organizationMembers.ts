import { type OrganizationMembers, organizationMembers } from '../../operator/organizationMembers.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An organisation's members and roles, and the user search of the console (docs/console.md). */
    organizationMembers: OrganizationMembers;
  }
}

export default servicePlugin('organizationMembers', (app) => organizationMembers(app.db), {
  name: 'organization-members',
});
