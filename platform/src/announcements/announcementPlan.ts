import type {
  AnnouncementAudience,
  AnnouncementChannel,
  AnnouncementReach,
  AnnouncementTarget,
  Language,
} from '@auction/contract';
import type { MessageJob, MessageTemplate } from '../messages/messageJob.ts';
import { channelsFor } from '../messages/notificationChannels.ts';

/** A guest of the auction as an announcement reads them: their address, language and switches. */
export interface AnnouncementGuest {
  userId: string;
  firstName: string;
  email: string;
  phone: string | null;
  language: Language;
  arrived: boolean;
  smsGeneral: boolean;
  emailGeneral: boolean;
  pushGeneral: boolean;
  /** Their choice for this auction's organisation; null when they made none (both on). */
  organization: { sms: boolean; email: boolean } | null;
  /** The number replied STOP (or the account has): no text is sent, so none is counted. */
  smsStopped: boolean;
  hasPushSubscription: boolean;
}

/** The words as stored (a column per language, null when not written) as a message has them. */
export function announcementWords(en: string | null, fr: string | null): { en?: string; fr?: string } {
  return { ...(en === null ? {} : { en }), ...(fr === null ? {} : { fr }) };
}

/** What is announced and to whom: an audience, or one guest (`guest` with `guestId`). */
export interface AnnouncementRequest {
  message: { en?: string; fr?: string };
  channels: readonly AnnouncementChannel[];
  audience: AnnouncementTarget;
  guestId?: string | null;
}

const inAudience = (
  guest: AnnouncementGuest,
  { audience, guestId }: Pick<AnnouncementRequest, 'audience' | 'guestId'>,
) =>
  audience === 'guest' ? guest.userId === guestId : audience === 'all' || (audience === 'arrived') === guest.arrived;

/**
 * The channels that may carry an announcement to this guest: the general switches (an
 * announcement is not an outbid notice), the organisation's switch, an address for the channel,
 * and no STOP on the number. The same rule as a lot won (`channelsFor`).
 */
export function guestChannels(guest: AnnouncementGuest): Record<AnnouncementChannel, boolean> {
  const allowed = channelsFor('general', {
    smsGeneral: guest.smsGeneral,
    emailGeneral: guest.emailGeneral,
    pushGeneral: guest.pushGeneral,
    smsOutbid: false,
    emailOutbid: false,
    pushOutbid: false,
    organization: guest.organization,
    hasPhone: guest.phone !== null && /^\d{10}$/.test(guest.phone),
    hasEmail: guest.email.includes('@'),
    hasPushSubscription: guest.hasPushSubscription,
  });
  return { ...allowed, sms: allowed.sms && !guest.smsStopped };
}

/** How many guests of the audience (or the one guest) each channel reaches, before it is sent. */
export function reachOf(
  guests: readonly AnnouncementGuest[],
  audience: AnnouncementAudience | { guestId: string },
): AnnouncementReach {
  const target = typeof audience === 'string' ? { audience } : { audience: 'guest' as const, ...audience };
  const reach = { guests: 0, email: 0, sms: 0, push: 0 };
  for (const guest of guests) {
    if (!inAudience(guest, target)) continue;
    reach.guests += 1;
    const channels = guestChannels(guest);
    for (const channel of ['email', 'sms', 'push'] as const) if (channels[channel]) reach[channel] += 1;
  }
  return reach;
}

/** The auction as a message names it and links to it, in each language. */
export interface AnnouncedAuction {
  announcementId: number;
  organizationId: number;
  /** The auction's short title in each language it has one. */
  names: { en?: string; fr?: string };
  urlMagicLink: string;
  /** The auction's page in a language (`accountLinks().auction`, as invitations link to it). */
  link: (language: Language) => string;
}

const TEMPLATES = {
  email: 'auctionAnnouncementEmail',
  sms: 'auctionAnnouncementSms',
  push: 'auctionAnnouncementPush',
} as const satisfies Record<AnnouncementChannel, MessageTemplate>;

/** A text in the guest's language, else in the other one. */
const inLanguage = (texts: { en?: string; fr?: string }, language: Language) =>
  texts[language] ?? texts[language === 'en' ? 'fr' : 'en'];

/**
 * One message per guest of the audience and channel chosen that may carry it, in the guest's
 * language. Ids are the announcement's, the guest's and the channel's, so queuing them again (a
 * retried send) sends nothing twice (docs/messages.md "Idempotency").
 */
export function announcementMessages(
  guests: readonly AnnouncementGuest[],
  request: AnnouncementRequest,
  auction: AnnouncedAuction,
): MessageJob[] {
  const jobs: MessageJob[] = [];
  for (const guest of guests) {
    if (!inAudience(guest, request)) continue;
    const allowed = guestChannels(guest);
    const language = guest.language;
    const params = {
      auctionName: inLanguage(auction.names, language) ?? auction.urlMagicLink,
      announcement: inLanguage(request.message, language) ?? '',
      link: auction.link(language),
    };
    for (const channel of request.channels) {
      if (!allowed[channel]) continue;
      const to = channel === 'email' ? guest.email : channel === 'sms' ? (guest.phone as string) : guest.userId;
      jobs.push({
        id: `announcement:${auction.announcementId}:${guest.userId}:${channel}`,
        channel,
        to,
        language,
        template: TEMPLATES[channel],
        params: channel === 'email' ? { firstName: guest.firstName, ...params } : params,
        userId: guest.userId,
        organizationId: auction.organizationId,
      });
    }
  }
  return jobs;
}

/** How many messages each channel carries. */
export function countByChannel(jobs: readonly MessageJob[]): Record<AnnouncementChannel, number> {
  const counts = { email: 0, sms: 0, push: 0 };
  for (const job of jobs) counts[job.channel] += 1;
  return counts;
}
