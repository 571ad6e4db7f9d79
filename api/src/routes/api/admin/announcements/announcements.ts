import { announcementsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandIdOf } from '../../../../commandId.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

/**
 * Organisers' announcements to an auction's guests (docs/messages.md "Announcements to guests"),
 * and their messages to one guest from the bidders list: the staff who manage the auction send
 * them; each guest gets the words by the channels they allow.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/auctions/:id/announcements',
    {
      schema: {
        summary:
          "An auction's announcements with what became of their messages, and how many guests each channel reaches",
        ...announcementsContract.list,
      },
    },
    async (request) => {
      return app.announcements.list(await app.operatorAccess.managedAuction(request, 'auction', request.params.id));
    },
  );

  app.post(
    '/api/admin/auctions/:id/announcements',
    {
      schema: {
        summary:
          "Sends an announcement to the auction's guests by email, SMS or push, by their switches and STOP, at once, at sendAt, or minutesBeforeEnd the auction's end or a closing group's (closingGroupId); idempotent by commandId",
        ...announcementsContract.send,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      const { message, channels, audience } = request.body;
      return app.announcements.send(
        auction,
        { message, channels, audience, ...sendTime(request.body) },
        commandIdOf(request, request.body.commandId),
      );
    },
  );

  app.post(
    '/api/admin/auctions/:id/bidders/:userId/messages',
    {
      schema: {
        summary:
          "Sends a message to one guest of the auction by email, SMS or push, by their switches and STOP, at once or at sendAt; listed with the auction's announcements; idempotent by commandId",
        ...announcementsContract.toGuest,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      const { message, channels } = request.body;
      return app.announcements.toGuest(
        auction,
        request.params.userId,
        { message, channels, ...sendTime(request.body) },
        commandIdOf(request, request.body.commandId),
      );
    },
  );

  app.put(
    '/api/admin/auctions/:id/announcements/:announcementId',
    {
      schema: {
        summary:
          'Changes an announcement that has not gone out (words, channels, audience, sendAt or minutesBeforeEnd), from the revision read; idempotent by commandId',
        ...announcementsContract.change,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      const { message, channels, audience, revision } = request.body;
      return app.announcements.change(
        auction,
        request.params.announcementId,
        { message, channels, revision, ...(audience === undefined ? {} : { audience }), ...sendTime(request.body) },
        commandIdOf(request, request.body.commandId),
      );
    },
  );

  app.get(
    '/api/admin/auctions/:id/announcements/:announcementId/changes',
    {
      schema: {
        summary: 'The changes of an announcement while it waited, oldest first: who, when, what before and after',
        ...announcementsContract.changes,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.announcements.changes(auction, request.params.announcementId);
    },
  );

  app.post(
    '/api/admin/auctions/:id/announcements/:announcementId/cancel',
    {
      schema: {
        summary:
          'Cancels an announcement that has not gone out (one set for later); cancelling it again answers the same',
        ...announcementsContract.cancel,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.announcements.cancel(auction, request.params.announcementId);
    },
  );
}) satisfies FastifyPluginAsyncZod;

/** The time a body asks for, its fields given only when present (at a time, or minutes before an end). */
function sendTime(body: {
  sendAt?: string | undefined;
  minutesBeforeEnd?: number | undefined;
  closingGroupId?: number | undefined;
}) {
  const { sendAt, minutesBeforeEnd, closingGroupId } = body;
  return {
    ...(sendAt === undefined ? {} : { sendAt }),
    ...(minutesBeforeEnd === undefined ? {} : { minutesBeforeEnd }),
    ...(closingGroupId === undefined ? {} : { closingGroupId }),
  };
}
