/** A bidder's communication preferences (spec 000 §2), and their organisation's choice for the auction's organisation. */
export interface NotificationPreferences {
  smsGeneral: boolean;
  emailGeneral: boolean;
  smsOutbid: boolean;
  emailOutbid: boolean;
  /** Web Push switches: outbid notices, and the rest (a lot won). */
  pushOutbid: boolean;
  pushGeneral: boolean;
  /** Null when the bidder made no choice for this organisation: both channels are on. */
  organization: { sms: boolean; email: boolean } | null;
  hasPhone: boolean;
  hasEmail: boolean;
  /** At least one browser subscribed to Web Push. */
  hasPushSubscription: boolean;
}

/**
 * The two families of notices a bidder has switches for (spec 000 §2): outbid notices, and the
 * general ones (a lot won, a win changed by a removal or a corrected stage sale, an organiser's
 * announcement to the auction's guests).
 */
export type NotificationFamily = 'outbid' | 'general';

/**
 * Which channels carry a notification: outbid notices follow the outbid switches, everything else
 * the general ones; the organisation's switch of the same channel must be on too, and the channel
 * needs an address. STOP is checked when the SMS is sent (messages worker). Push has no
 * organisation switch: a browser is subscribed by the bidder for themselves, not per organisation,
 * and the push switches of the notifications page cover it. Shared by the workers' bidder notifier
 * and the API's announcements, so both read a bidder's choices the same way.
 */
export function channelsFor(
  family: NotificationFamily,
  preferences: NotificationPreferences,
): { sms: boolean; email: boolean; push: boolean } {
  const wanted =
    family === 'outbid'
      ? { sms: preferences.smsOutbid, email: preferences.emailOutbid, push: preferences.pushOutbid }
      : { sms: preferences.smsGeneral, email: preferences.emailGeneral, push: preferences.pushGeneral };
  const organization = preferences.organization ?? { sms: true, email: true };
  return {
    sms: wanted.sms && organization.sms && preferences.hasPhone,
    email: wanted.email && organization.email && preferences.hasEmail,
    push: wanted.push && preferences.hasPushSubscription,
  };
}
