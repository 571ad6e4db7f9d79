import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { someField } from '../../../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
const { category, categoryFields, operatorErrors } = operator;

/** An auction's item categories (issue 5 §4): the lot table's filters. */
export default (async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const parts = app.auctionPartRepository;

  app.post(
    '/api/admin/auctions/:id/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Adds an item category (removing it leaves its lots)',
        params: idParams,
        body: categoryFields,
        response: { 201: category, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return reply.code(201).send(await parts.addEntry('item_categories', auctionId, request.body));
    },
  );

  app.patch(
    '/api/admin/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edits an item category (removing it leaves its lots)',
        params: idParams,
        body: someField(categoryFields.partial()),
        response: { 200: category, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'category', request.params.id);
      return parts.editEntry('item_categories', request.params.id, request.body);
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Removes an item category (removing it leaves its lots)',
        params: idParams,
        response: { 204: noContent, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      await app.operatorAccess.managedAuction(request, 'category', request.params.id);
      await parts.removeEntry('item_categories', request.params.id);
      return reply.code(204).send(null);
    },
  );
}) satisfies FastifyPluginAsync;
