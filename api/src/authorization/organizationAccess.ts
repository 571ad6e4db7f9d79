import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { HttpError } from '../errors.ts';
import { type Actor, isAdministrator, mayActOn, type OrganizationAction } from './organizationRules.ts';

/** The user behind a request with the roles they hold in each organisation (none read for an administrator). */
export async function actorOf(db: Db, account: { id: string; roles: readonly number[] }): Promise<Actor> {
  if (isAdministrator(account.roles)) return { userId: account.id, roles: account.roles, memberships: [] };
  const rows = await db
    .selectFrom('organization_users')
    .select(['organization_id', 'roles'])
    .where('user_id', '=', account.id)
    .execute();
  return {
    userId: account.id,
    roles: account.roles,
    memberships: rows.map((row) => ({ organizationId: row.organization_id, roles: row.roles })),
  };
}

/**
 * Every kind of thing an organisation owns, how to reach its auction (or the organisation itself),
 * and the message key answered when it is unknown or out of reach.
 */
const OWNED = {
  organization: { table: 'organizations', key: 'organization_not_found' },
  team: { table: 'organization_teams', key: 'team_not_found' },
  auction: { table: 'auctions', key: 'auction_not_found' },
  lot: { table: 'lots', key: 'item_not_found' },
  category: { table: 'item_categories', key: 'category_not_found' },
  closingGroup: { table: 'closing_groups', key: 'closing_group_not_found' },
  tab: { table: 'auction_tabs', key: 'tab_not_found' },
  photo: { table: 'auction_photos', key: 'photo_not_found' },
} as const;
export type OwnedKind = keyof typeof OWNED;

export interface Owner {
  organizationId: number;
  /** The auction the thing belongs to (absent for an organisation or a team). */
  auction?: { id: number; status: number; type: number };
}

/** Resolves a thing to its organisation (and auction), in one query; undefined when it is unknown. */
export async function ownerOf(db: Db, kind: OwnedKind, id: number): Promise<Owner | undefined> {
  if (kind === 'organization' || kind === 'team') {
    const column = kind === 'organization' ? 'id' : 'organization_id';
    const { rows } = await sql<{ organization_id: number }>`
      SELECT ${sql.ref(column)} AS organization_id FROM ${sql.table(OWNED[kind].table)} WHERE id = ${id}`.execute(db);
    return rows[0] ? { organizationId: rows[0].organization_id } : undefined;
  }
  const auctionOf =
    kind === 'auction'
      ? sql`SELECT ${id}::int AS auction_id`
      : sql`SELECT auction_id FROM ${sql.table(OWNED[kind].table)} WHERE id = ${id}`;
  const { rows } = await sql<{ auction_id: number; organization_id: number; status: number; type: number }>`
    SELECT a.id AS auction_id, a.organization_id, a.status, a.type
    FROM (${auctionOf}) o JOIN auctions a ON a.id = o.auction_id`.execute(db);
  const row = rows[0];
  return row
    ? { organizationId: row.organization_id, auction: { id: row.auction_id, status: row.status, type: row.type } }
    : undefined;
}

/**
 * The one check of every operator and staff call: may this actor do this on the organisation
 * owning that thing? Unknown and out-of-reach things answer the same 404, so the ids of other
 * organisations' things do not leak.
 */
export async function authorizeOn(
  db: Db,
  actor: Actor,
  action: OrganizationAction,
  kind: OwnedKind,
  id: number,
): Promise<Owner> {
  const owner = await ownerOf(db, kind, id);
  if (!owner || !mayActOn(actor, action, owner.organizationId)) throw new HttpError(404, OWNED[kind].key);
  return owner;
}

/** The same check when the organisation is already known (creating a thing in it). */
export function requireOn(actor: Actor, action: OrganizationAction, organizationId: number, notFound: string): void {
  if (!mayActOn(actor, action, organizationId)) throw new HttpError(404, notFound);
}
