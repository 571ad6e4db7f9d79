import type { ChannelsChange, OrganizationNotificationBody } from '@auction/contract';
import type { Db } from '@auction/platform';
import { HttpError } from '../errors.ts';
import type { UserRow } from './userRepository.ts';

/** Per-organisation toggles only count when the bidder's matching general or outbid channel is on. */
export function checkChannels(user: UserRow, change: ChannelsChange): void {
  if (change.smsNotifications && !(user.sms_general_notifications || user.sms_outbid_notifications)) {
    throw new HttpError(400, 'notification_channel_off', { field: 'smsNotifications' });
  }
  if (change.emailNotifications && !(user.email_general_notifications || user.email_outbid_notifications)) {
    throw new HttpError(400, 'notification_channel_off', { field: 'emailNotifications' });
  }
}

function dto(
  row: { id: number; organization_id: number; sms_notifications: boolean; email_notifications: boolean },
  organizationName: string,
) {
  return {
    id: row.id,
    organization_Id: row.organization_id,
    organizationName,
    smsNotifications: row.sms_notifications,
    emailNotifications: row.email_notifications,
  };
}

/**
 * A bidder's communication preferences per organisation (spec 000 §2, §3), for the signed-in
 * bidder and the unsubscribe page alike. Decorated as `app.organizationNotifications`.
 */
export function organizationNotifications(db: Db) {
  return {
    /** Every organisation, the current one (of the auction the bidder is on) first; id 0: not chosen yet (both on). */
    async listFor(userId: string, currentUrlMagicLink?: string | null) {
      const current = currentUrlMagicLink
        ? await db
            .selectFrom('auctions')
            .select('organization_id')
            .where('url_magic_link', '=', currentUrlMagicLink)
            .executeTakeFirst()
        : undefined;
      const rows = await db
        .selectFrom('organizations')
        .leftJoin('bidder_organization_notifications as n', (join) =>
          join.onRef('n.organization_id', '=', 'organizations.id').on('n.user_id', '=', userId),
        )
        .select([
          'organizations.id as organizationId',
          'organizations.name',
          'n.id',
          'n.sms_notifications',
          'n.email_notifications',
        ])
        .orderBy('organizations.name')
        .execute();
      const list = rows.map((row) => ({
        id: row.id ?? 0,
        organization_Id: row.organizationId,
        organizationName: row.name,
        smsNotifications: row.sms_notifications ?? true,
        emailNotifications: row.email_notifications ?? true,
        isCurrent: row.organizationId === current?.organization_id,
      }));
      return [...list.filter((n) => n.isCurrent), ...list.filter((n) => !n.isCurrent)];
    },

    /** Records the choice for an organisation (made or changed). */
    async save(user: UserRow, body: OrganizationNotificationBody) {
      checkChannels(user, body);
      const organization = await db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('id', '=', body.organization_Id)
        .executeTakeFirst();
      if (!organization) throw new HttpError(404, 'organization_not_found');
      const row = await db
        .insertInto('bidder_organization_notifications')
        .values({
          user_id: user.id,
          organization_id: organization.id,
          sms_notifications: body.smsNotifications,
          email_notifications: body.emailNotifications,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'organization_id']).doUpdateSet({
            sms_notifications: body.smsNotifications,
            email_notifications: body.emailNotifications,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return dto(row, organization.name);
    },

    /** Changes a choice of the bidder's own; someone else's is unknown (404). */
    async change(user: UserRow, id: number, changes: ChannelsChange) {
      checkChannels(user, changes);
      const set = {
        ...(changes.smsNotifications !== undefined ? { sms_notifications: changes.smsNotifications } : {}),
        ...(changes.emailNotifications !== undefined ? { email_notifications: changes.emailNotifications } : {}),
      };
      const query = db
        .updateTable('bidder_organization_notifications')
        .where('id', '=', id)
        .where('user_id', '=', user.id);
      const row = Object.keys(set).length
        ? await query.set(set).returningAll().executeTakeFirst()
        : await db
            .selectFrom('bidder_organization_notifications')
            .selectAll()
            .where('id', '=', id)
            .where('user_id', '=', user.id)
            .executeTakeFirst();
      if (!row) throw new HttpError(404, 'notification_not_found');
      const organization = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', row.organization_id)
        .executeTakeFirstOrThrow();
      return dto(row, organization.name);
    },
  };
}
export type OrganizationNotifications = ReturnType<typeof organizationNotifications>;
