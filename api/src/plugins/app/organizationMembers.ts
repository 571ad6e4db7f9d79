import fp from 'fastify-plugin';
import { type OrganizationMembers, organizationMembers } from '../../operator/organizationMembers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An organisation's members and roles, and the user search of the console (docs/console.md). */
    organizationMembers: OrganizationMembers;
  }
}

export default fp(
  async (app) => {
    app.decorate('organizationMembers', organizationMembers(app.db));
  },
  { name: 'organization-members', dependencies: ['infrastructure'] },
);
