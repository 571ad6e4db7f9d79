import { AuctionStatus } from '@auction/contract';
import type { EventStore, LotCommand, LotCommandHandler } from '@auction/engine';
import { lotIdOfStream, lotStreamId } from '@auction/engine';
import { replayLot } from '@auction/engine/replay';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandId, commandIdOf } from '../../commandId.ts';
import { HttpError } from '../../errors.ts';
import { readLotConfig } from '../../lots/lotConfig.ts';
import { lotItemDto } from '../../lots/lotItemDto.ts';
import { findLot } from '../../lots/lotRepository.ts';
import { isoDate } from '../../operator/auctionFields.ts';
import { runLotCommand } from '../../operator/lotCommandAnswer.ts';
import { saveLotDetails } from '../../operator/lotDetails.ts';
import { type LotFields, lotColumns, lotFields, PRICING_FIELDS } from '../../operator/lotFields.ts';
import type { OperatorPublisher } from '../../operator/operatorPublisher.ts';
import { managedAuctionOf, operatorScope } from '../../operator/operatorScope.ts';
import { rowId, someField } from '../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];

export interface OperatorLotRouteOptions {
  db: Db;
  lotCommands: LotCommandHandler;
  eventStore: EventStore;
  publisher: OperatorPublisher;
}

const lotParams = z.object({ id: rowId });
const auctionParams = z.object({ id: rowId });
const commandBody = z.strictObject({ commandId }).optional();

/** Settings the rules copied into the stream at opening and that no engine command changes. */
const LOCKED_AFTER_OPENING = [
  'type',
  'allowsTimeExtension',
  'extensionDurationInMinutes',
  'extensionDurationMaximumMinutes',
  'minutesLeftBeforeAllowingExtension',
] as const;

/**
 * The operator's lots (issue 5 §4): creating one opens its stream in the engine, and everything the
 * bidding rules read afterwards (price, end, visibility, early close, a bid's removal) changes only
 * through engine commands, so the stream stays the whole truth for a replay. Texts, photos,
 * categories and team are reference data, edited directly.
 */
export const operatorLotRoutes: FastifyPluginAsync<OperatorLotRouteOptions> = async (
  root,
  { db, lotCommands, eventStore, publisher },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function managedLot(request: FastifyRequest, lotId: number) {
    const scope = await operatorScope(db, request);
    const owner = await managedAuctionOf(db, scope, 'lot', lotId);
    return { ...owner, userId: scope.userId, auctionActive: owner.auctionStatus === AuctionStatus.Active };
  }

  async function lotAnswer(lotId: number) {
    const row = await findLot(db, lotId, null);
    if (!row) throw new HttpError(404, 'item_not_found');
    return lotItemDto(row, new Date(), null);
  }

  app.post(
    '/auctions/:id/lots',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a lot and opens its stream in the engine; idempotent by commandId',
        params: auctionParams,
        body: lotFields.extend({ commandId }),
      },
    },
    async (request, reply) => {
      const scope = await operatorScope(db, request);
      const { auctionId, organizationId, auctionStatus } = await managedAuctionOf(
        db,
        scope,
        'auction',
        request.params.id,
      );
      const { commandId: given, ...fields } = request.body;
      const openCommandId = commandIdOf(request, given);
      const existing = await lotOpenedBy(openCommandId);
      if (existing !== null) return reply.code(200).send(await lotAnswer(existing));
      if (!fields.translations) throw new HttpError(400, 'translation_required');

      const { lotId } = await db
        .transaction()
        .execute((trx) => saveLotDetails(trx as unknown as Db, { auctionId, organizationId }, null, fields));
      try {
        await runLotCommand(lotCommands, lotId, {
          type: 'OpenLot',
          commandId: openCommandId,
          userId: scope.userId,
          at: Date.now(),
          auctionActive: auctionStatus === AuctionStatus.Active,
          config: await readLotConfig(db, lotId),
        });
      } catch (error) {
        // A lot whose stream could not be opened would look biddable and refuse every bid.
        await db.deleteFrom('lots').where('id', '=', lotId).execute();
        throw error;
      }
      const lot = await lotAnswer(lotId);
      await publisher.publish(auctionId, 'AuctionLotItemCreated', { auctionLotItemDto: lot });
      return reply.code(201).send(lot);
    },
  );

  /** The lot a creation command opened, so a retried creation answers the same lot. */
  async function lotOpenedBy(id: string): Promise<number | null> {
    // The key row locates the command's first event (command_keys, migration 0013).
    const row = await db
      .selectFrom('command_keys as k')
      .innerJoin('events as e', (join) =>
        join.onRef('e.stream_id', '=', 'k.stream_id').onRef('e.stream_version', '=', 'k.first_version'),
      )
      .select('k.stream_id')
      .where('k.command_id', '=', id)
      .where('e.type', '=', 'LotOpened')
      .executeTakeFirst();
    return row ? Number(lotIdOfStream(row.stream_id)) : null;
  }

  app.patch(
    '/lots/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edits a lot: prices, end and visibility through the engine, texts and photos directly',
        params: lotParams,
        body: someField(lotFields.extend({ commandId })),
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const lot = await managedLot(request, lotId);
      const { commandId: given, ...fields } = request.body;
      const current = await db.selectFrom('lots').selectAll().where('id', '=', lotId).executeTakeFirstOrThrow();
      const config = await readLotConfig(db, lotId);
      const lockedChange = LOCKED_AFTER_OPENING.find((field) => {
        const value = fields[field];
        if (value === undefined) return false;
        const before = field === 'type' ? current.type : config[field];
        return value !== before;
      });
      if (lockedChange) throw new HttpError(409, 'lot_settings_locked', { field: lockedChange });

      const base = commandIdOf(request, given);
      const envelope = (suffix: string) => ({
        commandId: `${base}:${suffix}`,
        userId: lot.userId,
        at: Date.now(),
        auctionActive: lot.auctionActive,
      });
      // One transaction for the reference data and the columns mirroring the engine: it can be
      // refused (a category of another auction) before the engine has recorded anything, and a
      // refused or failed engine command rolls it back. Commands already accepted stay recorded;
      // their command ids make a retry of the same request complete it.
      await db.transaction().execute(async (trx) => {
        const { endsAt } = await saveLotDetails(trx as unknown as Db, lot, lotId, withoutEngineFields(fields));
        const commands: LotCommand[] = [];
        if (PRICING_FIELDS.some((field) => fields[field] !== undefined)) {
          commands.push({
            ...envelope('reprice'),
            type: 'RepriceLot',
            ...Object.fromEntries(PRICING_FIELDS.flatMap((f) => (fields[f] === undefined ? [] : [[f, fields[f]]]))),
          });
        }
        const newEnd = fields.dateCompleted ?? endsAt;
        if (newEnd && newEnd.getTime() !== config.endsAt) {
          commands.push({ ...envelope('reschedule'), type: 'RescheduleLot', endsAt: newEnd.getTime() });
        }
        if (fields.isHidden !== undefined) {
          commands.push({
            ...envelope(fields.isHidden ? 'hide' : 'show'),
            type: fields.isHidden ? 'HideLot' : 'ShowLot',
          });
        }
        for (const command of commands) await runLotCommand(lotCommands, lotId, command);
        // Only texts, photos or team changed: no column mirrors the engine (an empty SET is an error).
        const mirrored = { ...engineColumns(fields), ...(newEnd ? { date_completed: newEnd } : {}) };
        if (Object.keys(mirrored).length) await trx.updateTable('lots').set(mirrored).where('id', '=', lotId).execute();
      });
      return lotAnswer(lotId);
    },
  );

  /** One route per administrator command on a lot; each answers the committed state. */
  function lotCommandRoute(
    path: string,
    summary: string,
    body: z.ZodType<{ commandId?: string | undefined } | undefined>,
    command: (input: never) => Omit<LotCommand, 'commandId' | 'userId' | 'at' | 'auctionActive'>,
    afterwards?: (lotId: number, input: never) => Promise<void>,
  ) {
    app.post(
      path,
      { schema: { tags, security, summary, params: lotParams, body } },
      async (request: FastifyRequest<{ Params: { id: number }; Body: { commandId?: string } | undefined }>) => {
        const lotId = request.params.id;
        const lot = await managedLot(request, lotId);
        const input = (request.body ?? {}) as never;
        const answer = await runLotCommand(lotCommands, lotId, {
          ...command(input),
          commandId: commandIdOf(request, request.body?.commandId),
          userId: lot.userId,
          at: Date.now(),
          auctionActive: lot.auctionActive,
        } as LotCommand);
        await afterwards?.(lotId, input);
        return answer;
      },
    );
  }

  lotCommandRoute(
    '/lots/:id/close-early',
    'Closes a lot before its end: no winner, later bids refused',
    commandBody,
    () => ({
      type: 'CloseLotEarly',
    }),
  );
  lotCommandRoute(
    '/lots/:id/hide',
    'Hides a lot: it leaves the lists and refuses bids',
    commandBody,
    () => ({ type: 'HideLot' }),
    async (lotId) => {
      await db.updateTable('lots').set({ is_hidden: true }).where('id', '=', lotId).execute();
    },
  );
  lotCommandRoute(
    '/lots/:id/show',
    'Shows a hidden lot again',
    commandBody,
    () => ({ type: 'ShowLot' }),
    async (lotId) => {
      await db.updateTable('lots').set({ is_hidden: false }).where('id', '=', lotId).execute();
    },
  );
  const rescheduleBody = z.strictObject({ dateCompleted: isoDate, commandId });
  lotCommandRoute(
    '/lots/:id/reschedule',
    "Changes a lot's end: it becomes both the current and the initial end",
    rescheduleBody,
    (input: z.output<typeof rescheduleBody>) => ({ type: 'RescheduleLot', endsAt: input.dateCompleted.getTime() }),
    async (lotId, input: z.output<typeof rescheduleBody>) => {
      await db.updateTable('lots').set({ date_completed: input.dateCompleted }).where('id', '=', lotId).execute();
    },
  );

  const removeBody = z.strictObject({ reason: z.string().trim().min(1).max(500), commandId });
  app.post(
    '/lots/:id/bids/:bidId/remove',
    {
      schema: {
        tags,
        security,
        summary:
          "Removes a bid (a max bid's automatic bids go with it) and recomputes the standing (DESIGN.md §3 rule 4)",
        params: lotParams.extend({ bidId: z.string().trim().min(1).max(200) }),
        body: removeBody,
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const lot = await managedLot(request, lotId);
      return runLotCommand(lotCommands, lotId, {
        type: 'RemoveBid',
        bidId: request.params.bidId,
        reason: request.body.reason,
        commandId: commandIdOf(request, request.body.commandId),
        userId: lot.userId,
        at: Date.now(),
        auctionActive: lot.auctionActive,
      });
    },
  );

  app.get(
    '/lots/:id/audit-trail',
    {
      schema: {
        tags,
        security,
        summary: "The lot's stream replayed bid by bid, with extensions, removals and who made them",
        params: lotParams,
      },
    },
    async (request) => {
      await managedLot(request, request.params.id);
      const streamId = lotStreamId(request.params.id);
      const history = replayLot(streamId, await eventStore.readStream(streamId));
      return { streamId: history.streamId, entries: history.entries, standing: history.standing };
    },
  );
};

/** The fields saved as reference data directly; the others go through the engine first. */
function withoutEngineFields(fields: LotFields): LotFields {
  const { isHidden: _hidden, dateCompleted: _end, ...rest } = fields;
  for (const field of PRICING_FIELDS) delete rest[field];
  return rest;
}

/** The reference columns that mirror what the engine just accepted (the screens read them). */
function engineColumns(fields: LotFields) {
  const { startingBid, minimumIncrement, multiSalePrice, multiSaleQuantity, maxPerBidder, isHidden } = fields;
  return lotColumns({ startingBid, minimumIncrement, multiSalePrice, multiSaleQuantity, maxPerBidder, isHidden });
}
