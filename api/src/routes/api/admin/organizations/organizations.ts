import { idParams, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../../errors.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { organization, organizationFields, operatorErrors } = operator;

/** Organisations (issue 5 §4). Only an administrator creates one. */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/organizations',
    {
      schema: {
        summary: 'The organisations the caller manages',
        response: { 200: organization.array(), ...operatorErrors() },
      },
    },
    async (request) => {
      const scope = await app.operatorAccess.scope(request);
      return app.organizationRepository.list(scope.organizationIds);
    },
  );

  app.post(
    '/api/admin/organizations',
    {
      schema: {
        summary: 'Creates an organisation (administrators)',
        body: organizationFields,
        response: { 201: organization, ...operatorErrors(409) },
      },
    },
    async (request, reply) => {
      const scope = await app.operatorAccess.scope(request);
      if (!scope.isAdministrator) throw new HttpError(403, 'forbidden');
      const created = await app.organizationRepository.create(request.body);
      if (!created) throw new HttpError(409, 'organization_name_taken');
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/organizations/:id',
    {
      schema: {
        summary: 'Renames an organisation or sets what its donation receipts print',
        params: idParams,
        body: someField(organizationFields.partial()),
        response: { 200: organization, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      await app.operatorAccess.managedOrganization(request, 'organization', organizationId);
      const { name } = request.body;
      if (name && (await app.organizationRepository.nameTaken(name, organizationId))) {
        throw new HttpError(409, 'organization_name_taken');
      }
      const updated = await app.organizationRepository.update(organizationId, request.body);
      if (!updated) throw new HttpError(404, 'organization_not_found');
      return updated;
    },
  );
}) satisfies FastifyPluginAsyncZod;
