import { BidderStatus } from '@auction/contract';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { userSmsStopped } from '../smsOptOuts.ts';
import type { AnnouncementGuest } from './announcementPlan.ts';

/**
 * The auction's guests who may hear from it, with their addresses and switches: locked bidders
 * and disabled accounts are not told. Read for the console's reach and when the messages are
 * queued, so a scheduled announcement goes to the guests as they are at its time.
 */
export async function readAnnouncementGuests(
  db: Db,
  auctionId: number,
  organizationId: number,
): Promise<AnnouncementGuest[]> {
  const { rows } = await sql<{
    user_id: string;
    first_name: string;
    username: string;
    phone_number: string | null;
    preferred_language: 'en' | 'fr';
    arrived: boolean;
    sms_general_notifications: boolean;
    email_general_notifications: boolean;
    push_general_notifications: boolean;
    organization_sms: boolean | null;
    organization_email: boolean | null;
    sms_stopped: boolean;
    has_push_subscription: boolean;
  }>`
    SELECT u.id AS user_id, u.first_name, u.username, u.phone_number, u.preferred_language,
      b.arrived_at IS NOT NULL AS arrived,
      u.sms_general_notifications, u.email_general_notifications, u.push_general_notifications,
      n.sms_notifications AS organization_sms, n.email_notifications AS organization_email,
      ${userSmsStopped} AS sms_stopped,
      EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id) AS has_push_subscription
    FROM auction_bidders b
    JOIN users u ON u.id = b.user_id
    LEFT JOIN bidder_organization_notifications n ON n.user_id = u.id AND n.organization_id = ${organizationId}
    WHERE b.auction_id = ${auctionId} AND b.status <> ${BidderStatus.Locked} AND NOT u.disabled
    ORDER BY u.id`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name,
    email: row.username,
    phone: row.phone_number,
    language: row.preferred_language,
    arrived: row.arrived,
    smsGeneral: row.sms_general_notifications,
    emailGeneral: row.email_general_notifications,
    pushGeneral: row.push_general_notifications,
    organization:
      row.organization_sms === null ? null : { sms: row.organization_sms, email: Boolean(row.organization_email) },
    smsStopped: row.sms_stopped,
    hasPushSubscription: row.has_push_subscription,
  }));
}
