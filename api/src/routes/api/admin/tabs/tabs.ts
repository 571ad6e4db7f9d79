import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { someField } from '../../../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
const { tab, tabFields, operatorErrors } = operator;

/** An auction's tabs (issue 5 §4): pages of their own, their content rich text stored reduced to the shared allowlist. */
export default (async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const parts = app.auctionPartRepository;

  app.post(
    '/api/admin/auctions/:id/tabs',
    {
      schema: {
        tags,
        security,
        summary: 'Adds an auction tab (its own page)',
        params: idParams,
        body: tabFields,
        response: { 201: tab, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return reply.code(201).send(await parts.addEntry('auction_tabs', auctionId, request.body));
    },
  );

  app.patch(
    '/api/admin/tabs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edits an auction tab (its own page)',
        params: idParams,
        body: someField(tabFields.partial()),
        response: { 200: tab, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'tab', request.params.id);
      return parts.editEntry('auction_tabs', request.params.id, request.body);
    },
  );

  app.delete(
    '/api/admin/tabs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Removes an auction tab (its own page)',
        params: idParams,
        response: { 204: noContent, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      await app.operatorAccess.managedAuction(request, 'tab', request.params.id);
      await parts.removeEntry('auction_tabs', request.params.id);
      return reply.code(204).send(null);
    },
  );
}) satisfies FastifyPluginAsync;
