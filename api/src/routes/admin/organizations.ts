import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { managedOrganizationOf, operatorScope } from '../../operator/operatorScope.ts';
import { rowId, someField, text } from '../../validation.ts';

const tags = ['operator'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: rowId });

const organizationFields = z.strictObject({
  name: text(200).min(1),
  companyId: z.union([z.literal(1), z.literal(2)]).optional(),
});
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'invalid_color');
const teamFields = z.strictObject({
  translations: z
    .strictObject({ en: text(100).min(1).optional(), fr: text(100).min(1).optional() })
    .refine((t) => t.en || t.fr, 'translation_required'),
  backgroundColor: color.optional(),
  textColor: color.optional(),
});

type OrganizationRow = { id: number; name: string; company_id: number };
const organizationDto = (row: OrganizationRow) => ({ id: row.id, name: row.name, companyId: row.company_id });
type TeamRow = {
  id: number;
  organization_id: number;
  background_color: string;
  text_color: string;
  translations: object;
};
const teamDto = (row: TeamRow) => ({
  id: row.id,
  organizationId: row.organization_id,
  backgroundColor: row.background_color,
  textColor: row.text_color,
  translations: row.translations,
});

/** Organisations and their teams (issue 5 §4). Only an administrator creates an organisation. */
export const operatorOrganizationRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/organizations',
    { schema: { tags, security, summary: 'The organisations the caller manages' } },
    async (request) => {
      const scope = await operatorScope(db, request);
      let query = db.selectFrom('organizations').select(['id', 'name', 'company_id']).orderBy('name');
      if (scope.organizationIds)
        query = query.where('id', 'in', scope.organizationIds.length ? scope.organizationIds : [0]);
      return (await query.execute()).map(organizationDto);
    },
  );

  app.post(
    '/organizations',
    { schema: { tags, security, summary: 'Creates an organisation (administrators)', body: organizationFields } },
    async (request, reply) => {
      const scope = await operatorScope(db, request);
      if (!scope.isAdministrator) throw new HttpError(403, 'forbidden');
      const row = await db
        .insertInto('organizations')
        .values({ name: request.body.name, ...(request.body.companyId ? { company_id: request.body.companyId } : {}) })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning(['id', 'name', 'company_id'])
        .executeTakeFirst();
      if (!row) throw new HttpError(409, 'organization_name_taken');
      return reply.code(201).send(organizationDto(row));
    },
  );

  app.patch(
    '/organizations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Renames an organisation',
        params: idParams,
        body: someField(organizationFields.partial()),
      },
    },
    async (request) => {
      const scope = await operatorScope(db, request);
      await managedOrganizationOf(db, scope, 'organization', request.params.id);
      const { name, companyId } = request.body;
      const taken = name
        ? await db
            .selectFrom('organizations')
            .select('id')
            .where('name', '=', name)
            .where('id', '!=', request.params.id)
            .executeTakeFirst()
        : undefined;
      if (taken) throw new HttpError(409, 'organization_name_taken');
      const row = await db
        .updateTable('organizations')
        .set({ ...(name ? { name } : {}), ...(companyId ? { company_id: companyId } : {}) })
        .where('id', '=', request.params.id)
        .returning(['id', 'name', 'company_id'])
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'organization_not_found');
      return organizationDto(row);
    },
  );

  app.get(
    '/organizations/:id/teams',
    { schema: { tags, security, summary: "An organisation's teams", params: idParams } },
    async (request) => {
      await managedOrganizationOf(db, await operatorScope(db, request), 'organization', request.params.id);
      const rows = await db
        .selectFrom('organization_teams')
        .selectAll()
        .where('organization_id', '=', request.params.id)
        .orderBy('id')
        .execute();
      return rows.map(teamDto);
    },
  );

  app.post(
    '/organizations/:id/teams',
    { schema: { tags, security, summary: 'Adds a team', params: idParams, body: teamFields } },
    async (request, reply) => {
      await managedOrganizationOf(db, await operatorScope(db, request), 'organization', request.params.id);
      const exists = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!exists) throw new HttpError(404, 'organization_not_found');
      const { translations, backgroundColor, textColor } = request.body;
      const row = await db
        .insertInto('organization_teams')
        .values({
          organization_id: request.params.id,
          translations: JSON.stringify(translations),
          ...(backgroundColor ? { background_color: backgroundColor } : {}),
          ...(textColor ? { text_color: textColor } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(teamDto(row));
    },
  );

  async function managedTeam(request: Parameters<typeof operatorScope>[1], teamId: number) {
    await managedOrganizationOf(db, await operatorScope(db, request), 'team', teamId);
  }

  app.patch(
    '/teams/:id',
    { schema: { tags, security, summary: 'Edits a team', params: idParams, body: someField(teamFields.partial()) } },
    async (request) => {
      await managedTeam(request, request.params.id);
      const { translations, backgroundColor, textColor } = request.body;
      const row = await db
        .updateTable('organization_teams')
        .set({
          ...(translations ? { translations: JSON.stringify(translations) } : {}),
          ...(backgroundColor ? { background_color: backgroundColor } : {}),
          ...(textColor ? { text_color: textColor } : {}),
        })
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return teamDto(row);
    },
  );

  app.delete(
    '/teams/:id',
    { schema: { tags, security, summary: 'Removes a team; its lots keep no team', params: idParams } },
    async (request, reply) => {
      await managedTeam(request, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lots')
          .set({ organization_team_id: null })
          .where('organization_team_id', '=', request.params.id)
          .execute();
        await trx.deleteFrom('organization_teams').where('id', '=', request.params.id).execute();
      });
      return reply.code(204).send();
    },
  );
};
