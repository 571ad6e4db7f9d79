import type { Db } from '@auction/platform';
import { HttpError } from '../errors.ts';

type OrganizationRow = {
  id: number;
  name: string;
  company_id: number;
  charity_registration_number: string | null;
  receipt_address: string | null;
};
const organizationColumns = ['id', 'name', 'company_id', 'charity_registration_number', 'receipt_address'] as const;
const organizationDto = (row: OrganizationRow) => ({
  id: row.id,
  name: row.name,
  companyId: row.company_id,
  charityRegistrationNumber: row.charity_registration_number,
  receiptAddress: row.receipt_address,
});
export type OrganizationDto = ReturnType<typeof organizationDto>;

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
export type TeamDto = ReturnType<typeof teamDto>;

/** What an operator changes of an organisation; null clears a receipt field, absent keeps it. */
export interface OrganizationChanges {
  name?: string | undefined;
  companyId?: number | undefined;
  charityRegistrationNumber?: string | null | undefined;
  receiptAddress?: string | null | undefined;
}

export interface TeamChanges {
  translations?: object | undefined;
  backgroundColor?: string | undefined;
  textColor?: string | undefined;
}

/** Organisations and their teams (issue 5 §4), answered in the operator API's shapes. */
export interface OrganizationRepository {
  /** The given organisations (null: every one), by name. */
  list(organizationIds: readonly number[] | null): Promise<OrganizationDto[]>;
  /** Undefined when the name is taken. */
  create(fields: OrganizationChanges & { name: string }): Promise<OrganizationDto | undefined>;
  exists(organizationId: number): Promise<boolean>;
  /** Whether another organisation has that name. */
  nameTaken(name: string, exceptId: number): Promise<boolean>;
  /** Undefined when it is unknown; a name another organisation took meanwhile is 409 `organization_name_taken`. */
  update(organizationId: number, changes: OrganizationChanges): Promise<OrganizationDto | undefined>;
  teams(organizationId: number): Promise<TeamDto[]>;
  addTeam(organizationId: number, team: TeamChanges): Promise<TeamDto>;
  /** 404 `team_not_found` when it was removed since the caller's access check. */
  editTeam(teamId: number, changes: TeamChanges): Promise<TeamDto>;
  /** Its lots keep no team. */
  removeTeam(teamId: number): Promise<void>;
}

const organizationValues = (changes: OrganizationChanges) => ({
  ...(changes.name ? { name: changes.name } : {}),
  ...(changes.companyId ? { company_id: changes.companyId } : {}),
  ...(changes.charityRegistrationNumber !== undefined
    ? { charity_registration_number: changes.charityRegistrationNumber }
    : {}),
  ...(changes.receiptAddress !== undefined ? { receipt_address: changes.receiptAddress } : {}),
});

const teamColumns = ({ translations, backgroundColor, textColor }: TeamChanges) => ({
  ...(translations ? { translations: JSON.stringify(translations) } : {}),
  ...(backgroundColor ? { background_color: backgroundColor } : {}),
  ...(textColor ? { text_color: textColor } : {}),
});

export function organizationRepository(db: Db): OrganizationRepository {
  return {
    async list(organizationIds) {
      let query = db.selectFrom('organizations').select(organizationColumns).orderBy('name');
      if (organizationIds) query = query.where('id', 'in', organizationIds.length ? [...organizationIds] : [0]);
      return (await query.execute()).map(organizationDto);
    },
    async create(fields) {
      const row = await db
        .insertInto('organizations')
        .values({ ...organizationValues(fields), name: fields.name })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning(organizationColumns)
        .executeTakeFirst();
      return row && organizationDto(row);
    },
    async exists(organizationId) {
      const row = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      return row !== undefined;
    },
    async nameTaken(name, exceptId) {
      const row = await db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', name)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async update(organizationId, changes) {
      const row = await db
        .updateTable('organizations')
        .set(organizationValues(changes))
        .where('id', '=', organizationId)
        .returning(organizationColumns)
        .executeTakeFirst()
        .catch((error: unknown) => {
          // The caller's nameTaken check passed, then another organisation took the name before
          // this write (its only unique column): the same refusal as if the check had seen it.
          if ((error as { code?: unknown }).code === '23505') throw new HttpError(409, 'organization_name_taken');
          throw error;
        });
      return row && organizationDto(row);
    },
    async teams(organizationId) {
      const rows = await db
        .selectFrom('organization_teams')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      return rows.map(teamDto);
    },
    async addTeam(organizationId, team) {
      const row = await db
        .insertInto('organization_teams')
        .values({
          organization_id: organizationId,
          translations: JSON.stringify(team.translations),
          ...teamColumns({ ...team, translations: undefined }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return teamDto(row);
    },
    async editTeam(teamId, changes) {
      const row = await db
        .updateTable('organization_teams')
        .set(teamColumns(changes))
        .where('id', '=', teamId)
        .returningAll()
        .executeTakeFirst();
      // Removed by another request after the caller's access check found it.
      if (!row) throw new HttpError(404, 'team_not_found');
      return teamDto(row);
    },
    async removeTeam(teamId) {
      await db.transaction().execute(async (trx) => {
        // Locked first: a lot put in the team meanwhile waits for the removal and is then refused
        // (its foreign key finds no team), instead of slipping in between clearing the lots and
        // deleting the team and failing the removal.
        await trx.selectFrom('organization_teams').select('id').where('id', '=', teamId).forUpdate().execute();
        await trx
          .updateTable('lots')
          .set({ organization_team_id: null })
          .where('organization_team_id', '=', teamId)
          .execute();
        await trx.deleteFrom('organization_teams').where('id', '=', teamId).execute();
      });
    },
  };
}
