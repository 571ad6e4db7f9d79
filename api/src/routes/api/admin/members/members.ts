import { idParams, organizationMembers as members, operator, Role } from '@auction/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../../accounts/rateLimits.ts';
import { HttpError } from '../../../../errors.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

const { operatorErrors } = operator;

/**
 * Members and roles of an organisation (issue 19 §2, docs/console.md). Auction manager and
 * volunteer: administrators and the organisation's auction managers; administrator: administrators
 * only. The organisation check is the shared one (404 beyond the caller's organisations).
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  async function authorizeRoleChange(request: FastifyRequest, organizationId: number, role: number) {
    const scope = await app.operatorAccess.scope(request);
    await app.authorization.authorizeOn(scope.actor, 'manage', 'organization', organizationId);
    if (role === Role.Administrator && !scope.isAdministrator) throw new HttpError(403, 'forbidden');
    return scope;
  }

  app.get(
    '/api/admin/organizations/:id/members',
    {
      schema: {
        summary:
          "An organisation's members with their roles (and, to an administrator, the other organisations each belongs to)",
        params: idParams,
        response: { 200: members.memberUser.array(), ...operatorErrors(404) },
      },
    },
    async (request) => {
      const scope = await app.operatorAccess.scope(request);
      await app.authorization.authorizeOn(scope.actor, 'manage', 'organization', request.params.id);
      // Other organisations are named to administrators only: a manager learns nothing beyond their own.
      return app.organizationMembers.list(request.params.id, { otherOrganizations: scope.isAdministrator });
    },
  );

  app.put(
    '/api/admin/organizations/:id/members/:userId/roles/:role',
    {
      schema: {
        summary: 'Grants a role in an organisation (granting twice changes nothing)',
        params: members.memberRoleParams,
        response: { 200: members.memberAnswer, ...operatorErrors(404) },
      },
      // Any user's id is public, and a grant answers their email and phone.
      config: { limits: LIMITS.staffByUserId },
    },
    async (request) => {
      const { id, userId, role } = request.params;
      await authorizeRoleChange(request, id, role);
      const granted = await app.organizationMembers.grant(id, userId, role);
      if (!granted) throw new HttpError(404, 'user_not_found');
      return granted;
    },
  );

  app.delete(
    '/api/admin/organizations/:id/members/:userId/roles/:role',
    {
      schema: {
        summary: 'Revokes a role in an organisation',
        params: members.memberRoleParams,
        response: { 200: members.memberAnswer, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const { id, userId, role } = request.params;
      const scope = await authorizeRoleChange(request, id, role);
      // Nobody locks themselves out of administration by a slip; another administrator may do it.
      if (role === Role.Administrator && userId === scope.userId) throw new HttpError(409, 'own_administrator_role');
      const revoked = await app.organizationMembers.revoke(id, userId, role);
      if (!revoked) throw new HttpError(404, 'member_not_found');
      return revoked;
    },
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary:
          "Finds users to grant them a role (at most 20): by part of a name, email or phone among the caller's organisations' members and bidders (anyone, for an administrator), else by the whole email or phone",
        querystring: members.userSearchQuery,
        response: { 200: members.memberUser.array(), ...operatorErrors() },
      },
    },
    async (request) => {
      const scope = await app.operatorAccess.scope(request);
      return app.organizationMembers.search(request.query.q, scope.organizationIds);
    },
  );
}) satisfies FastifyPluginAsyncZod;
