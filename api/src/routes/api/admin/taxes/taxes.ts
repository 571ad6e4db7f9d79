import { idParams, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../../errors.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

const { organizationTaxes, organizationTaxesFields, operatorErrors } = operator;

/** The taxes an organisation's invoices charge (docs/payments.md "Taxes"). */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/organizations/:id/taxes',
    {
      schema: {
        summary: "An organisation's taxes, in the order its invoices list them",
        params: idParams,
        response: { 200: organizationTaxes, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedOrganization(request, 'organization', request.params.id);
      return { taxes: await app.organizationTaxes.list(request.params.id) };
    },
  );

  app.put(
    '/api/admin/organizations/:id/taxes',
    {
      schema: {
        summary:
          "Replaces an organisation's taxes, whole and in order, for the invoices generated from now on (sending the same list again changes nothing)",
        params: idParams,
        body: organizationTaxesFields,
        response: { 200: organizationTaxes, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedOrganization(request, 'organization', request.params.id);
      const taxes = await app.organizationTaxes.replace(request.params.id, request.body.taxes);
      if (!taxes) throw new HttpError(404, 'organization_not_found');
      return { taxes };
    },
  );
}) satisfies FastifyPluginAsyncZod;
