import { AuctionStatus, LotStatus } from '@auction/contract';
import type { LotCommandHandler } from '@auction/engine';
import { type Db, sanitizeRichText } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withHttpPrefix } from '../../auctions/auctionDto.ts';
import { commandId, commandIdOf } from '../../commandId.ts';
import { isoDate } from '../../operator/auctionFields.ts';
import { runLotCommand } from '../../operator/lotCommandAnswer.ts';
import { managedAuctionOf, type Owned, operatorScope } from '../../operator/operatorScope.ts';
import { MAX_ROW_ID, rowId, someField, text } from '../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: rowId });

const names = z
  .strictObject({ en: text(200).min(1).optional(), fr: text(200).min(1).optional() })
  .refine((t) => t.en || t.fr, 'translation_required');
const categoryFields = z.strictObject({
  translations: names,
  order: z.number().int().min(0).max(MAX_ROW_ID).optional(),
});
const closingGroupFields = z.strictObject({
  translations: names,
  dateCompleted: isoDate,
  isHiddenInMenu: z.boolean().optional(),
  commandId,
});
const tabText = z.strictObject({
  name: text(100).min(1),
  url: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'invalid_tab_url'),
  title: text(300).optional(),
  // Rich text, shown as HTML on the tab's page: stored already reduced to the shared allowlist.
  content: z.string().max(200_000).overwrite(sanitizeRichText).optional(),
});
const tabFields = z.strictObject({
  order: z.number().int().min(0).max(MAX_ROW_ID).optional(),
  translations: z
    .strictObject({ en: tabText.optional(), fr: tabText.optional() })
    .refine((t) => t.en || t.fr, 'translation_required'),
});
const photoFields = z.strictObject({
  fullPath: z.string().trim().min(1).max(2000),
  order: z.number().int().min(0).max(MAX_ROW_ID).optional(),
  interval: z.number().int().min(500).max(120_000).optional(),
  bannerType: z.enum(['image', 'video']).optional(),
  videoUrl: z.string().trim().max(2000).nullable().optional(),
  additionalLinkUrl: z.string().trim().max(2000).nullable().optional(),
  isUsedInFrench: z.boolean().optional(),
  isUsedInEnglish: z.boolean().optional(),
  isUsedOnMobile: z.boolean().optional(),
  isUsedOnComputer: z.boolean().optional(),
  isUsedAsBackgroundImage: z.boolean().optional(),
  isVideoAlwaysOnTop: z.boolean().optional(),
  isUsedAsBannerInLeaderboard: z.boolean().optional(),
});
type PhotoFields = Partial<z.output<typeof photoFields>>;

function photoColumns(fields: PhotoFields) {
  const columns = {
    full_path: fields.fullPath,
    order: fields.order,
    interval: fields.interval,
    banner_type: fields.bannerType,
    video_url: fields.videoUrl,
    additional_link_url: fields.additionalLinkUrl === undefined ? undefined : withHttpPrefix(fields.additionalLinkUrl),
    is_used_in_french: fields.isUsedInFrench,
    is_used_in_english: fields.isUsedInEnglish,
    is_used_on_mobile: fields.isUsedOnMobile,
    is_used_on_computer: fields.isUsedOnComputer,
    is_used_as_background_image: fields.isUsedAsBackgroundImage,
    is_video_always_on_top: fields.isVideoAlwaysOnTop,
    is_used_as_banner_in_leaderboard: fields.isUsedAsBannerInLeaderboard,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * The parts of an auction an operator arranges (issue 5 §4): categories, closing groups, tabs and
 * banner photos. Photos are addresses (a CDN or the organisation's site): the product stores no
 * uploaded files. A closing group's new end reschedules its open lots through the engine, so they
 * keep closing together.
 */
export const operatorAuctionPartRoutes: FastifyPluginAsync<{ db: Db; lotCommands: LotCommandHandler }> = async (
  root,
  { db, lotCommands },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function scoped(request: FastifyRequest, kind: Owned, id: number) {
    const scope = await operatorScope(db, request);
    return { ...(await managedAuctionOf(db, scope, kind, id)), userId: scope.userId };
  }

  /**
   * Categories and tabs have one shape: an auction's ordered entries with translations. One set
   * of create, edit and remove routes serves both.
   */
  function orderedEntryRoutes(entry: {
    table: 'item_categories' | 'auction_tabs';
    owned: 'category' | 'tab';
    collection: string;
    fields: typeof categoryFields | typeof tabFields;
    noun: string;
  }) {
    const dto = (row: { id: number; order: number; translations: object }) => ({
      id: row.id,
      order: row.order,
      translations: row.translations,
    });
    app.post(
      `/auctions/:id/${entry.collection}`,
      { schema: { tags, security, summary: `Adds ${entry.noun}`, params: idParams, body: entry.fields } },
      async (request, reply) => {
        const { auctionId } = await scoped(request, 'auction', request.params.id);
        const { translations, order } = request.body;
        const row = await db
          .insertInto(entry.table)
          .values({
            auction_id: auctionId,
            translations: JSON.stringify(translations),
            ...(order !== undefined ? { order } : {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return reply.code(201).send(dto(row));
      },
    );
    app.patch(
      `/${entry.collection}/:id`,
      {
        schema: {
          tags,
          security,
          summary: `Edits ${entry.noun}`,
          params: idParams,
          body: someField(entry.fields.partial()),
        },
      },
      async (request) => {
        await scoped(request, entry.owned, request.params.id);
        const { translations, order } = request.body;
        const row = await db
          .updateTable(entry.table)
          .set({
            ...(translations ? { translations: JSON.stringify(translations) } : {}),
            ...(order !== undefined ? { order } : {}),
          })
          .where('id', '=', request.params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return dto(row);
      },
    );
    app.delete(
      `/${entry.collection}/:id`,
      { schema: { tags, security, summary: `Removes ${entry.noun}`, params: idParams } },
      async (request, reply) => {
        await scoped(request, entry.owned, request.params.id);
        await db.deleteFrom(entry.table).where('id', '=', request.params.id).execute();
        return reply.code(204).send();
      },
    );
  }

  orderedEntryRoutes({
    table: 'item_categories',
    owned: 'category',
    collection: 'categories',
    fields: categoryFields,
    noun: 'an item category (removing it leaves its lots)',
  });
  orderedEntryRoutes({
    table: 'auction_tabs',
    owned: 'tab',
    collection: 'tabs',
    fields: tabFields,
    noun: 'an auction tab (its own page)',
  });

  // Closing groups
  const groupDto = (row: { id: number; ends_at: Date; is_hidden_in_menu: boolean; translations: object }) => ({
    id: row.id,
    dateCompleted: row.ends_at.toISOString(),
    isHiddenInMenu: row.is_hidden_in_menu,
    translations: row.translations,
  });
  app.post(
    '/auctions/:id/closing-groups',
    { schema: { tags, security, summary: 'Adds a closing group', params: idParams, body: closingGroupFields } },
    async (request, reply) => {
      const { auctionId } = await scoped(request, 'auction', request.params.id);
      const { translations, dateCompleted, isHiddenInMenu } = request.body;
      const row = await db
        .insertInto('closing_groups')
        .values({
          auction_id: auctionId,
          ends_at: dateCompleted,
          translations: JSON.stringify(translations),
          ...(isHiddenInMenu !== undefined ? { is_hidden_in_menu: isHiddenInMenu } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(groupDto(row));
    },
  );
  app.patch(
    '/closing-groups/:id',
    {
      schema: {
        tags,
        security,
        summary: "Edits a closing group; a new end reschedules the group's open lots",
        params: idParams,
        body: someField(closingGroupFields.partial()),
      },
    },
    async (request) => {
      const groupId = request.params.id;
      const owner = await scoped(request, 'closingGroup', groupId);
      const { translations, dateCompleted, isHiddenInMenu } = request.body;
      // One transaction: a lot's refused reschedule leaves the group and its lots' ends as they were.
      const row = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('closing_groups')
          .set({
            ...(translations ? { translations: JSON.stringify(translations) } : {}),
            ...(dateCompleted ? { ends_at: dateCompleted } : {}),
            ...(isHiddenInMenu !== undefined ? { is_hidden_in_menu: isHiddenInMenu } : {}),
          })
          .where('id', '=', groupId)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (dateCompleted) {
          const lots = await trx
            .selectFrom('lots as l')
            .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
            .select('l.id')
            .where('l.closing_group_id', '=', groupId)
            // A closed lot's end is history: moving the group does not rewrite it.
            .where((eb) => eb.or([eb('v.status', 'is', null), eb('v.status', '<=', LotStatus.InProgress)]))
            .execute();
          const base = commandIdOf(request, request.body.commandId);
          for (const lot of lots) {
            await runLotCommand(lotCommands, lot.id, {
              type: 'RescheduleLot',
              endsAt: dateCompleted.getTime(),
              commandId: `${base}:lot:${lot.id}`,
              userId: owner.userId,
              at: Date.now(),
              auctionActive: owner.auctionStatus === AuctionStatus.Active,
            });
            await trx.updateTable('lots').set({ date_completed: dateCompleted }).where('id', '=', lot.id).execute();
          }
        }
        return row;
      });
      return groupDto(row);
    },
  );
  app.delete(
    '/closing-groups/:id',
    { schema: { tags, security, summary: 'Removes a closing group; its lots keep their end', params: idParams } },
    async (request, reply) => {
      await scoped(request, 'closingGroup', request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lots')
          .set({ closing_group_id: null })
          .where('closing_group_id', '=', request.params.id)
          .execute();
        await trx.deleteFrom('closing_groups').where('id', '=', request.params.id).execute();
      });
      return reply.code(204).send();
    },
  );

  // Photos (banners)
  app.post(
    '/auctions/:id/photos',
    { schema: { tags, security, summary: 'Adds a banner photo or video', params: idParams, body: photoFields } },
    async (request, reply) => {
      const { auctionId } = await scoped(request, 'auction', request.params.id);
      const row = await db
        .insertInto('auction_photos')
        .values({ ...photoColumns(request.body), auction_id: auctionId, full_path: request.body.fullPath })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ id: row.id });
    },
  );
  app.patch(
    '/auction-photos/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edits a banner photo',
        params: idParams,
        body: someField(photoFields.partial()),
      },
    },
    async (request) => {
      await scoped(request, 'photo', request.params.id);
      const columns = photoColumns(request.body);
      if (Object.keys(columns).length) {
        await db.updateTable('auction_photos').set(columns).where('id', '=', request.params.id).execute();
      }
      return { id: request.params.id };
    },
  );
  app.delete(
    '/auction-photos/:id',
    { schema: { tags, security, summary: 'Removes a banner photo', params: idParams } },
    async (request, reply) => {
      await scoped(request, 'photo', request.params.id);
      await db.deleteFrom('auction_photos').where('id', '=', request.params.id).execute();
      return reply.code(204).send();
    },
  );
};
