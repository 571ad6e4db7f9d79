import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toAuctionDto } from '../../auctions/auctionDto.ts';
import { type AuctionRow, findAuction, listOrganizationAuctions } from '../../auctions/auctionRepository.ts';
import { HttpError } from '../../errors.ts';
import { type AuctionFields, auctionColumns, auctionFields, datesInOrder } from '../../operator/auctionFields.ts';
import type { AuctionScheduler } from '../../operator/auctionScheduler.ts';
import type { OperatorPublisher } from '../../operator/operatorPublisher.ts';
import { managedAuctionOf, operatorScope, requireManaged } from '../../operator/operatorScope.ts';
import { rowId, rowIdValue, someField } from '../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: rowId });

/** What the public sees, plus the access code that admits bidders to a private auction (operators only). */
const operatorAuctionDto = (row: AuctionRow) => ({ ...toAuctionDto(row), accessCode: row.access_code });

export interface OperatorAuctionRouteOptions {
  db: Db;
  publisher: OperatorPublisher;
  scheduler: AuctionScheduler;
}

/** Auctions with every field of spec 001 §3 (issue 5 §4), their status and dates. */
export const operatorAuctionRoutes: FastifyPluginAsync<OperatorAuctionRouteOptions> = async (
  root,
  { db, publisher, scheduler },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function auctionAnswer(auctionId: number) {
    const row = await findAuction(db, auctionId);
    if (!row) throw new HttpError(404, 'auction_not_found');
    return operatorAuctionDto(row);
  }

  async function linkTaken(urlMagicLink: string, exceptId: number | null) {
    let query = db
      .selectFrom('auctions')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['url_magic_link']), '=', urlMagicLink.toLowerCase()));
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  app.get(
    '/auctions',
    {
      schema: {
        tags,
        security,
        summary: 'Every auction of the organisations the caller manages, whatever its status',
        querystring: z.object({ organizationId: rowId.optional() }),
      },
    },
    async (request) => {
      const scope = await operatorScope(db, request);
      const wanted = request.query.organizationId;
      if (wanted !== undefined) requireManaged(scope, wanted, 'organization_not_found');
      return (await listOrganizationAuctions(db, wanted !== undefined ? [wanted] : scope.organizationIds)).map(
        operatorAuctionDto,
      );
    },
  );

  app.get(
    '/auctions/:id',
    { schema: { tags, security, summary: 'One auction, every field', params: idParams } },
    async (request) => {
      await managedAuctionOf(db, await operatorScope(db, request), 'auction', request.params.id);
      return auctionAnswer(request.params.id);
    },
  );

  app.post(
    '/auctions',
    {
      schema: {
        tags,
        security,
        summary: 'Creates an auction (status Planning unless given)',
        body: auctionFields.extend({
          organizationId: rowIdValue,
          status: z.number().int().min(1).max(6).optional(),
        }),
      },
    },
    async (request, reply) => {
      const scope = await operatorScope(db, request);
      const { organizationId, status, ...fields } = request.body;
      requireManaged(scope, organizationId, 'organization_not_found');
      const organization = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      if (!organization) throw new HttpError(404, 'organization_not_found');
      if (!fields.urlMagicLink)
        throw new HttpError(400, 'validation_failed', { messages: ['field_required'], field: 'urlMagicLink' });
      if (!fields.translations) throw new HttpError(400, 'translation_required');
      checkDates(fields, { datePreOpen: null, dateOpen: null, dateCompleted: null });
      if (await linkTaken(fields.urlMagicLink, null)) throw new HttpError(409, 'url_magic_link_taken');

      const auctionId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('auctions')
          .values({
            ...auctionColumns(fields),
            organization_id: organizationId,
            url_magic_link: fields.urlMagicLink as string,
            ...(status ? { status } : {}),
            colors: JSON.stringify(fields.colors ?? {}),
            footer: JSON.stringify(fields.footer ?? {}),
            integrations: JSON.stringify(fields.integrations ?? {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveAuctionParts(trx as unknown as Db, row.id, fields);
        return row.id;
      });
      await scheduler.auctionChanged(auctionId);
      return reply.code(201).send(await auctionAnswer(auctionId));
    },
  );

  app.patch(
    '/auctions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edits an auction: only the fields given change',
        params: idParams,
        body: someField(auctionFields),
      },
    },
    async (request) => {
      const auctionId = request.params.id;
      await managedAuctionOf(db, await operatorScope(db, request), 'auction', auctionId);
      const fields = request.body;
      const before = await db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirstOrThrow();
      checkDates(fields, {
        datePreOpen: before.date_pre_open,
        dateOpen: before.date_open,
        dateCompleted: before.date_completed,
      });
      if (fields.urlMagicLink && (await linkTaken(fields.urlMagicLink, auctionId))) {
        throw new HttpError(409, 'url_magic_link_taken');
      }
      await db.transaction().execute(async (trx) => {
        const columns = {
          ...auctionColumns(fields),
          ...(fields.colors ? { colors: JSON.stringify({ ...before.colors, ...fields.colors }) } : {}),
          ...(fields.footer ? { footer: JSON.stringify({ ...before.footer, ...fields.footer }) } : {}),
          ...(fields.integrations
            ? { integrations: JSON.stringify({ ...before.integrations, ...fields.integrations }) }
            : {}),
        };
        if (Object.keys(columns).length)
          await trx.updateTable('auctions').set(columns).where('id', '=', auctionId).execute();
        await saveAuctionParts(trx as unknown as Db, auctionId, fields);
      });

      const endChanged =
        fields.dateCompleted !== undefined && fields.dateCompleted?.getTime() !== before.date_completed?.getTime();
      if (fields.requireCCToBid !== undefined && fields.requireCCToBid !== before.require_cc_to_bid) {
        await publisher.publish(auctionId, 'AuctionRequireCCToBidChanged', {
          auctionId,
          auctionRequireCCToBid: fields.requireCCToBid,
        });
      }
      if (fields.datePreOpen !== undefined || fields.dateOpen !== undefined || endChanged) {
        await scheduler.auctionChanged(auctionId);
      }
      return auctionAnswer(auctionId);
    },
  );

  app.post(
    '/auctions/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Sets an auction's status (1 Planning … 6 Archived); the workers announce it to watchers",
        params: idParams,
        body: z.strictObject({ status: z.number().int().min(1).max(6) }),
      },
    },
    async (request) => {
      const auctionId = request.params.id;
      await managedAuctionOf(db, await operatorScope(db, request), 'auction', auctionId);
      const { status } = request.body;
      await db
        .updateTable('auctions')
        .set({
          status,
          // Spec 001 §4: Completed makes the auction unavailable; PreOpen and Active make it available.
          ...(status === AuctionStatus.Completed ? { is_available: false, completed_date: new Date() } : {}),
          ...(status === AuctionStatus.PreOpen || status === AuctionStatus.Active ? { is_available: true } : {}),
        })
        .where('id', '=', auctionId)
        .execute();
      await scheduler.auctionChanged(auctionId);
      return auctionAnswer(auctionId);
    },
  );
};

/** The dates after the change must still run pre-open → open → end. */
function checkDates(
  fields: AuctionFields,
  before: { datePreOpen: Date | null; dateOpen: Date | null; dateCompleted: Date | null },
) {
  const after = {
    datePreOpen: fields.datePreOpen === undefined ? before.datePreOpen : fields.datePreOpen,
    dateOpen: fields.dateOpen === undefined ? before.dateOpen : fields.dateOpen,
    dateCompleted: fields.dateCompleted === undefined ? before.dateCompleted : fields.dateCompleted,
  };
  if (!datesInOrder(after)) throw new HttpError(400, 'dates_out_of_order');
}

/** Translations and donation presets: the languages given are replaced, presets replaced as a list. */
async function saveAuctionParts(trx: Db, auctionId: number, fields: AuctionFields) {
  for (const languageCode of ['en', 'fr'] as const) {
    const text = fields.translations?.[languageCode];
    if (!text) continue;
    const values = {
      title_short: text.titleShort,
      description: text.description ?? '',
      team_appellation: text.teamAppellation ?? null,
    };
    await trx
      .insertInto('auction_translations')
      .values({ auction_id: auctionId, language_code: languageCode, ...values })
      .onConflict((oc) => oc.columns(['auction_id', 'language_code']).doUpdateSet(values))
      .execute();
  }
  if (fields.donations) {
    await trx.deleteFrom('donation_presets').where('auction_id', '=', auctionId).execute();
    if (fields.donations.length) {
      await trx
        .insertInto('donation_presets')
        .values(
          fields.donations.map((preset, order) => ({
            auction_id: auctionId,
            order,
            amount: preset.amount ?? null,
            is_other_amount: preset.isOtherAmount ?? false,
          })),
        )
        .execute();
    }
  }
}
