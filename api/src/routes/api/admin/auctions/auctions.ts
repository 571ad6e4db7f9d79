import { auctionStatusMoves, idParams, operator, rowIdValue } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../../errors.ts';
import { type AuctionFields, auctionFields, datesInOrder } from '../../../../operator/auctionFields.ts';
import type { AuctionBefore } from '../../../../operator/operatorAuctionRepository.ts';
import { requireManaged } from '../../../../operator/operatorScope.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { operatorAuction, auctionListQuery, auctionStatusBody, auctionStatusValue, operatorErrors } = operator;

/** Auctions with every field of spec 001 §3 (issue 5 §4), their status and dates. */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });
  const auctions = app.operatorAuctionRepository;

  async function auctionAnswer(auctionId: number) {
    const auction = await auctions.find(auctionId);
    if (!auction) throw new HttpError(404, 'auction_not_found');
    return auction;
  }

  app.get(
    '/api/admin/auctions',
    {
      schema: {
        summary: 'Every auction of the organisations the caller manages, whatever its status',
        querystring: auctionListQuery,
        response: { 200: operatorAuction.array(), ...operatorErrors(404) },
      },
    },
    async (request) => {
      const scope = await app.operatorAccess.scope(request);
      const wanted = request.query.organizationId;
      if (wanted !== undefined) requireManaged(scope, wanted, 'organization_not_found');
      return auctions.list(wanted !== undefined ? [wanted] : scope.organizationIds);
    },
  );

  app.get(
    '/api/admin/auctions/:id',
    {
      schema: {
        summary: 'One auction, every field',
        params: idParams,
        response: { 200: operatorAuction, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return auctionAnswer(request.params.id);
    },
  );

  app.post(
    '/api/admin/auctions',
    {
      schema: {
        summary: 'Creates an auction (status Planning unless given)',
        body: auctionFields.extend({ organizationId: rowIdValue, status: auctionStatusValue.optional() }),
        response: { 201: operatorAuction, ...operatorErrors(404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await app.operatorAccess.scope(request);
      const { organizationId, status, ...fields } = request.body;
      requireManaged(scope, organizationId, 'organization_not_found');
      if (!(await app.organizationRepository.exists(organizationId))) {
        throw new HttpError(404, 'organization_not_found');
      }
      const { urlMagicLink } = fields;
      if (!urlMagicLink)
        throw new HttpError(400, 'validation_failed', { messages: ['field_required'], field: 'urlMagicLink' });
      if (!fields.translations) throw new HttpError(400, 'translation_required');
      checkDates(fields, { datePreOpen: null, dateOpen: null, dateCompleted: null });
      if (await auctions.linkTaken(urlMagicLink, null)) throw new HttpError(409, 'url_magic_link_taken');

      const auctionId = await auctions.create(organizationId, status, { ...fields, urlMagicLink });
      await app.auctionScheduler.afterChange(auctionId, request.log);
      return reply.code(201).send(await auctionAnswer(auctionId));
    },
  );

  app.patch(
    '/api/admin/auctions/:id',
    {
      schema: {
        summary: 'Edits an auction: only the fields given change',
        params: idParams,
        body: someField(auctionFields),
        response: { 200: operatorAuction, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const auctionId = request.params.id;
      await app.operatorAccess.managedAuction(request, 'auction', auctionId);
      const fields = request.body;
      const before = await auctions.before(auctionId);
      checkDates(fields, before);
      if (fields.urlMagicLink && (await auctions.linkTaken(fields.urlMagicLink, auctionId))) {
        throw new HttpError(409, 'url_magic_link_taken');
      }
      await auctions.update(auctionId, before, fields);

      const endChanged =
        fields.dateCompleted !== undefined && fields.dateCompleted?.getTime() !== before.dateCompleted?.getTime();
      if (fields.requireCCToBid !== undefined && fields.requireCCToBid !== before.requireCCToBid) {
        await app.operatorPublisher.publish(auctionId, 'AuctionRequireCCToBidChanged', {
          auctionId,
          auctionRequireCCToBid: fields.requireCCToBid,
        });
      }
      if (fields.datePreOpen !== undefined || fields.dateOpen !== undefined || endChanged) {
        await app.auctionScheduler.afterChange(auctionId, request.log);
      }
      return auctionAnswer(auctionId);
    },
  );

  app.post(
    '/api/admin/auctions/:id/status',
    {
      schema: {
        summary:
          "Moves an auction's status (1 Planning … 6 Archived) along the lifecycle's moves; the workers announce it to watchers",
        params: idParams,
        body: auctionStatusBody,
        response: { 200: operatorAuction, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const auctionId = request.params.id;
      await app.operatorAccess.managedAuction(request, 'auction', auctionId);
      const wanted = request.body.status;
      // Read and moved conditionally: a worker opening or completing the auction meanwhile is
      // seen on the second look, and the move is judged again from where it then is.
      for (let look = 0; ; look++) {
        const current = await auctions.find(auctionId);
        if (!current) throw new HttpError(404, 'auction_not_found');
        // Asked again (a retried request): nothing to do, and a completion's date is not moved.
        if (current.status === wanted) break;
        if (!(auctionStatusMoves(current.status, current.completedDate !== null) as number[]).includes(wanted)) {
          throw new HttpError(409, 'auction_status_move_not_allowed');
        }
        if (await auctions.moveStatus(auctionId, current.status, wanted)) break;
        if (look === 2) throw new HttpError(409, 'auction_status_move_not_allowed');
      }
      await app.auctionScheduler.afterChange(auctionId, request.log);
      return auctionAnswer(auctionId);
    },
  );
}) satisfies FastifyPluginAsyncZod;

/** The dates after the change must still run pre-open → open → end. */
function checkDates(fields: AuctionFields, before: Pick<AuctionBefore, 'datePreOpen' | 'dateOpen' | 'dateCompleted'>) {
  const after = {
    datePreOpen: fields.datePreOpen === undefined ? before.datePreOpen : fields.datePreOpen,
    dateOpen: fields.dateOpen === undefined ? before.dateOpen : fields.dateOpen,
    dateCompleted: fields.dateCompleted === undefined ? before.dateCompleted : fields.dateCompleted,
  };
  if (!datesInOrder(after)) throw new HttpError(400, 'dates_out_of_order');
}
