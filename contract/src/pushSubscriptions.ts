import { z } from 'zod';

/**
 * Web Push subscriptions of the signed-in user (`/api/account/push-subscriptions`,
 * docs/messages.md "Web Push"): the browser's PushSubscription as the Push API gives it, the
 * key to subscribe with, and the push switches beside the SMS and email ones.
 */
const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[\w-]+={0,2}$/)
    .min(min)
    .max(max);

export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  /** The browser's P-256 key (65 bytes) and its 16-byte auth secret, base64url. */
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 26) }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushSubscriptionRemoval = z.object({ endpoint: z.string().min(1).max(2048) });

export const pushPreferences = z.object({
  /** Outbid notices by push. */
  pushOutbidNotifications: z.boolean(),
  /** The other notices (a lot won) by push. */
  pushGeneralNotifications: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferences>;

export const pushSettingsAnswer = pushPreferences.extend({
  /** The VAPID public key PushManager.subscribe takes as applicationServerKey. */
  vapidPublicKey: z.string(),
  /** How many browsers of this user are subscribed. */
  subscriptions: z.number().int(),
});
export type PushSettingsAnswer = z.infer<typeof pushSettingsAnswer>;

/**
 * The push services of the browsers (Chrome's FCM, Firefox's autopush, Safari's, Edge's WNS):
 * the workers POST to a subscription's endpoint, so an endpoint anywhere else (an internal
 * address, say) is refused rather than called.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

/** Whether the workers may call this endpoint: a browser's push service over HTTPS, or one of `extraOrigins`. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) && url.hostname.length > host.length : url.hostname === host,
  );
}
