import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../../errors.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { team, teamFields, operatorErrors } = operator;

/** An organisation's teams (issue 5 §4): the lots' "offered by" groups. */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/organizations/:id/teams',
    {
      schema: {
        summary: "An organisation's teams",
        params: idParams,
        response: { 200: team.array(), ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedOrganization(request, 'organization', request.params.id);
      return app.organizationRepository.teams(request.params.id);
    },
  );

  app.post(
    '/api/admin/organizations/:id/teams',
    {
      schema: {
        summary: 'Adds a team',
        params: idParams,
        body: teamFields,
        response: { 201: team, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      const organizationId = request.params.id;
      await app.operatorAccess.managedOrganization(request, 'organization', organizationId);
      if (!(await app.organizationRepository.exists(organizationId))) {
        throw new HttpError(404, 'organization_not_found');
      }
      return reply.code(201).send(await app.organizationRepository.addTeam(organizationId, request.body));
    },
  );

  app.patch(
    '/api/admin/teams/:id',
    {
      schema: {
        summary: 'Edits a team',
        params: idParams,
        body: someField(teamFields.partial()),
        response: { 200: team, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedOrganization(request, 'team', request.params.id);
      return app.organizationRepository.editTeam(request.params.id, request.body);
    },
  );

  app.delete(
    '/api/admin/teams/:id',
    {
      schema: {
        summary: 'Removes a team; its lots keep no team',
        params: idParams,
        response: { 204: noContent, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      await app.operatorAccess.managedOrganization(request, 'team', request.params.id);
      await app.organizationRepository.removeTeam(request.params.id);
      return reply.code(204).send(null);
    },
  );
}) satisfies FastifyPluginAsyncZod;
