import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { documentRoutes } from '../routeDocs.ts';
import { someField } from '../validation.ts';
import type { OrderedEntryTable } from './auctionPartRepository.ts';
import type { Owned } from './operatorScope.ts';
import { orderRoute } from './orderRoute.ts';

const { operatorErrors } = operator;

/** What an ordered entry's fields are at least: its translations and its place in the list. */
type EntryFields = z.ZodObject<{ translations: z.ZodType<object>; order: z.ZodOptional<z.ZodNumber> }>;

/** One kind of an auction's ordered entries (categories, tabs): where it is stored and how it is described. */
export interface OrderedEntryKind {
  table: OrderedEntryTable;
  /** What the operator check calls one entry. */
  kind: Owned;
  /** The path segment: `/api/admin/auctions/:id/<path>` adds one, `/api/admin/<path>/:id` edits or removes it. */
  path: string;
  fields: EntryFields;
  entry: z.ZodType;
  /** The list's name in the summaries: "item categories", "tabs". */
  plural: string;
  summaries: { add: string; edit: string; remove: string };
}

/**
 * The routes of one kind of an auction's ordered entries (issue 5 §4): add to an auction, edit and
 * remove, and put the whole list in a new order, each for the operators who manage the auction
 * (another organisation's answers 404).
 * Categories and tabs are the same list of translated, ordered rows; only their fields differ.
 */
export function orderedEntryRoutes(entries: OrderedEntryKind): FastifyPluginAsyncZod {
  const { table, kind, path, fields, entry, plural, summaries } = entries;
  return async (app) => {
    documentRoutes(app, { tags: ['operator'] });
    const parts = app.auctionPartRepository;

    app.post(
      `/api/admin/auctions/:id/${path}`,
      {
        schema: {
          summary: summaries.add,
          params: idParams,
          body: fields,
          response: { 201: entry, ...operatorErrors(404) },
        },
      },
      async (request, reply) => {
        const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
        return reply.code(201).send(await parts.addEntry(table, auctionId, request.body));
      },
    );

    app.patch(
      `/api/admin/${path}/:id`,
      {
        schema: {
          summary: summaries.edit,
          params: idParams,
          body: someField(fields.partial()),
          response: { 200: entry, ...operatorErrors(404) },
        },
      },
      async (request) => {
        await app.operatorAccess.managedAuction(request, kind, request.params.id);
        return parts.editEntry(table, request.params.id, request.body);
      },
    );

    app.delete(
      `/api/admin/${path}/:id`,
      {
        schema: {
          summary: summaries.remove,
          params: idParams,
          response: { 204: noContent, ...operatorErrors(404) },
        },
      },
      async (request, reply) => {
        await app.operatorAccess.managedAuction(request, kind, request.params.id);
        await parts.removeEntry(table, request.params.id);
        return reply.code(204).send(null);
      },
    );

    orderRoute(app, { table, path, what: plural });
  };
}
