import type { ChannelsChange, OrganizationNotificationBody } from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import type { ExpressionBuilder } from 'kysely';
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

/** The channels a change turns on (from off): only those need their general channel on. */
export function turnedOn(
  change: ChannelsChange,
  current: { sms_notifications: boolean; email_notifications: boolean },
): ChannelsChange {
  return {
    smsNotifications: change.smsNotifications === true && !current.sms_notifications,
    emailNotifications: change.emailNotifications === true && !current.email_notifications,
  };
}

/**
 * Who asks for a change: the bidder (signed in, or by the identity code the spec's unsubscribe
 * link carries), or whoever holds an email's signed unsubscribe link. Such a link is forwarded,
 * kept for years and never expires (docs/decisions.md), so it may only turn notices off.
 */
export type ChangedBy = 'owner' | 'unsubscribeLink';

function checkTurnedOn(user: UserRow, on: ChannelsChange, by: ChangedBy): void {
  if (by === 'unsubscribeLink' && (on.smsNotifications || on.emailNotifications)) {
    throw new HttpError(403, 'unsubscribe_only_lowers');
  }
  checkChannels(user, on);
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

    /**
     * Records the choice for an organisation (made or changed). Only the channels the body names
     * change, and only a channel turned on is checked against the general ones: a bidder with SMS
     * off may still turn an organisation's email off (the SMS choice, on by default, is kept).
     */
    async save(user: UserRow, body: OrganizationNotificationBody, by: ChangedBy = 'owner') {
      const current = await db
        .selectFrom('bidder_organization_notifications')
        .select(['sms_notifications', 'email_notifications'])
        .where('user_id', '=', user.id)
        .where('organization_id', '=', body.organization_Id)
        .executeTakeFirst();
      checkTurnedOn(user, turnedOn(body, current ?? { sms_notifications: true, email_notifications: true }), by);
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
          sms_notifications: body.smsNotifications ?? true,
          email_notifications: body.emailNotifications ?? true,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'organization_id']).doUpdateSet((eb) => ({
            sms_notifications: body.smsNotifications ?? eb.ref('bidder_organization_notifications.sms_notifications'),
            email_notifications:
              body.emailNotifications ?? eb.ref('bidder_organization_notifications.email_notifications'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return dto(row, organization.name);
    },

    /**
     * Changes a choice of the bidder's own; someone else's is unknown (404), and so is, for an
     * unsubscribe link from one organisation's email (`organizationId`), another organisation's.
     */
    async change(
      user: UserRow,
      id: number,
      changes: ChannelsChange,
      by: ChangedBy = 'owner',
      organizationId: number | null = null,
    ) {
      const reachable = (eb: ExpressionBuilder<Database, 'bidder_organization_notifications'>) =>
        eb.and([
          eb('id', '=', id),
          eb('user_id', '=', user.id),
          ...(organizationId === null ? [] : [eb('organization_id', '=', organizationId)]),
        ]);
      const current = await db
        .selectFrom('bidder_organization_notifications')
        .select(['sms_notifications', 'email_notifications'])
        .where(reachable)
        .executeTakeFirst();
      if (current) checkTurnedOn(user, turnedOn(changes, current), by);
      const set = {
        ...(changes.smsNotifications !== undefined ? { sms_notifications: changes.smsNotifications } : {}),
        ...(changes.emailNotifications !== undefined ? { email_notifications: changes.emailNotifications } : {}),
      };
      const query = db.updateTable('bidder_organization_notifications').where(reachable);
      const row = Object.keys(set).length
        ? await query.set(set).returningAll().executeTakeFirst()
        : await db.selectFrom('bidder_organization_notifications').selectAll().where(reachable).executeTakeFirst();
      if (!row) throw new HttpError(404, 'notification_not_found');
      const organization = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', row.organization_id)
        .executeTakeFirstOrThrow();
      return dto(row, organization.name);
    },

    /**
     * RFC 8058 one-click unsubscribe from an email's link: that organisation's email off, or, for a
     * link not tied to one, the outbid emails off and the general emails too unless they are the
     * bidder's last notification method (spec 000 §2: at least one must stay on). Doing it again
     * changes nothing.
     */
    async unsubscribeEmail(user: UserRow, organizationId: number | null): Promise<void> {
      if (organizationId !== null) {
        const organization = await db
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', organizationId)
          .executeTakeFirst();
        if (!organization) return;
        await db
          .insertInto('bidder_organization_notifications')
          .values({
            user_id: user.id,
            organization_id: organizationId,
            sms_notifications: true,
            email_notifications: false,
          })
          .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doUpdateSet({ email_notifications: false }))
          .execute();
        return;
      }
      await db.updateTable('users').set(generalEmailUnsubscribe(user)).where('id', '=', user.id).execute();
    },
  };
}

/** What a general one-click unsubscribe turns off (see `unsubscribeEmail`). */
export function generalEmailUnsubscribe(user: Pick<UserRow, 'sms_general_notifications'>): {
  email_outbid_notifications: false;
  email_general_notifications?: false;
} {
  return user.sms_general_notifications
    ? { email_outbid_notifications: false, email_general_notifications: false }
    : { email_outbid_notifications: false };
}
export type OrganizationNotifications = ReturnType<typeof organizationNotifications>;
