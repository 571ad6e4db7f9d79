import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandIdOf } from '../../../../commandId.ts';
import { runLotCommand } from '../../../../operator/lotCommandAnswer.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { closingGroup, closingGroupFields, operatorErrors } = operator;

/**
 * An auction's closing groups (issue 5 §4): lots that close together. A group's new end
 * reschedules its open lots through the engine, so they keep closing together.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });
  const parts = app.auctionPartRepository;

  app.post(
    '/api/admin/auctions/:id/closing-groups',
    {
      schema: {
        summary: 'Adds a closing group',
        params: idParams,
        body: closingGroupFields,
        response: { 201: closingGroup, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return reply.code(201).send(await parts.addClosingGroup(auctionId, request.body));
    },
  );

  app.patch(
    '/api/admin/closing-groups/:id',
    {
      schema: {
        summary: "Edits a closing group; a new end reschedules the group's open lots",
        params: idParams,
        body: someField(closingGroupFields.partial()),
        response: { 200: closingGroup, ...operatorErrors(404, 409, 422) },
      },
    },
    async (request) => {
      const groupId = request.params.id;
      const owner = await app.operatorAccess.managedAuction(request, 'closingGroup', groupId);
      const base = commandIdOf(request, request.body.commandId);
      // One transaction: a lot's refused reschedule leaves the group and its lots' ends as they were.
      const group = await parts.editClosingGroup(groupId, request.body, (lotId, endsAt) =>
        runLotCommand(app.lotCommands, lotId, {
          type: 'RescheduleLot',
          endsAt: endsAt.getTime(),
          commandId: `${base}:lot:${lotId}`,
          userId: owner.userId,
          at: Date.now(),
          auctionActive: owner.auctionActive,
        }),
      );
      // An announcement tied to the group's end moves with it: the workers read its new time.
      if (request.body.dateCompleted) await app.auctionScheduler.afterChange(owner.auctionId, request.log);
      return group;
    },
  );

  app.delete(
    '/api/admin/closing-groups/:id',
    {
      schema: {
        summary: 'Removes a closing group; its lots keep their end; announcements waiting for its end are cancelled',
        params: idParams,
        response: { 204: noContent, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      const { userId } = await app.operatorAccess.managedAuction(request, 'closingGroup', request.params.id);
      await parts.removeClosingGroup(request.params.id, userId);
      return reply.code(204).send(null);
    },
  );
}) satisfies FastifyPluginAsyncZod;
