import { commandId, idParams, LOT_SETTINGS_LOCKED_AFTER_OPENING, operator } from '@auction/contract';
import type { LotCommand } from '@auction/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayViewLot, mayViewLotsOf } from '../../../../authorization/auctionVisibility.ts';
import { commandIdOf } from '../../../../commandId.ts';
import { HttpError } from '../../../../errors.ts';
import { runLotCommand } from '../../../../operator/lotCommandAnswer.ts';
import { createLot } from '../../../../operator/lotCreation.ts';
import { lotFields, PRICING_FIELDS } from '../../../../operator/lotFields.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { operatorLot, operatorErrors } = operator;

/**
 * The operator's lots (issue 5 §4): creating one opens its stream in the engine, and everything the
 * bidding rules read afterwards (price, end, visibility, early close, a bid's removal) changes only
 * through engine commands, so the stream stays the whole truth for a replay. Texts, photos,
 * categories and team are reference data, edited directly.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });
  const lots = app.operatorLotRepository;

  async function lotAnswer(lotId: number) {
    const lot = await lots.find(lotId);
    if (!lot) throw new HttpError(404, 'item_not_found');
    return lot;
  }

  app.get(
    '/api/admin/auctions/:id/lots',
    {
      schema: {
        summary: "Every lot of the auction, hidden ones too (the console's lot table)",
        params: idParams,
        response: { 200: operatorLot.array(), ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return lots.listOf(request.params.id);
    },
  );

  app.post(
    '/api/admin/auctions/:id/lots',
    {
      schema: {
        summary: 'Creates a lot and opens its stream in the engine; idempotent by commandId',
        params: idParams,
        body: lotFields.extend({ commandId }),
        response: { 200: operatorLot, 201: operatorLot, ...operatorErrors(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const owner = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      const { commandId: given, ...fields } = request.body;
      const { lotId, created } = await createLot(
        { db: app.db, lots, lotCommands: app.lotCommands },
        owner,
        fields,
        commandIdOf(request, given),
      );
      if (!created) return reply.code(200).send(await lotAnswer(lotId));
      const lot = await lotAnswer(lotId);
      // Announced only to those who may see it: the message carries the lot to everyone watching.
      if (
        mayViewLotsOf({ status: owner.auctionStatus }, false) &&
        mayViewLot({ hidden: fields.isHidden === true }, false)
      ) {
        await app.operatorPublisher.publish(owner.auctionId, 'AuctionLotItemCreated', { auctionLotItemDto: lot });
      }
      return reply.code(201).send(lot);
    },
  );

  app.patch(
    '/api/admin/lots/:id',
    {
      schema: {
        summary: 'Edits a lot: prices, end and visibility through the engine, texts and photos directly',
        params: idParams,
        body: someField(lotFields.extend({ commandId })),
        response: { 200: operatorLot, ...operatorErrors(404, 409, 422) },
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const lot = await app.operatorAccess.managedAuction(request, 'lot', lotId);
      const { commandId: given, ...fields } = request.body;
      const { type, config } = await lots.settings(lotId);
      const lockedChange = LOT_SETTINGS_LOCKED_AFTER_OPENING.find((field) => {
        const value = fields[field];
        if (value === undefined) return false;
        const before = field === 'type' ? type : config[field];
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
      // Commands already accepted stay recorded when a later one is refused; their command ids make
      // a retry of the same request complete it.
      await lots.edit(lot, lotId, fields, async (newEnd) => {
        const commands: LotCommand[] = [];
        if (PRICING_FIELDS.some((field) => fields[field] !== undefined)) {
          commands.push({
            ...envelope('reprice'),
            type: 'RepriceLot',
            ...Object.fromEntries(PRICING_FIELDS.flatMap((f) => (fields[f] === undefined ? [] : [[f, fields[f]]]))),
          });
        }
        if (newEnd && newEnd.getTime() !== config.endsAt) {
          commands.push({ ...envelope('reschedule'), type: 'RescheduleLot', endsAt: newEnd.getTime() });
        }
        if (fields.isHidden !== undefined) {
          commands.push({
            ...envelope(fields.isHidden ? 'hide' : 'show'),
            type: fields.isHidden ? 'HideLot' : 'ShowLot',
          });
        }
        for (const command of commands) await runLotCommand(app.lotCommands, lotId, command);
      });
      return lotAnswer(lotId);
    },
  );
}) satisfies FastifyPluginAsyncZod;
