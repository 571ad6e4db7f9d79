import type { VapidKeys } from '@auction/platform';
import webpush from 'web-push';

/** A browser subscription as stored (push_subscriptions). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushNotice {
  title: string;
  body: string;
  /** The page a click on the notification opens (the lot). */
  url: string;
  /** Notices with the same tag replace each other on the device (one per lot). */
  tag: string;
}

/** 'gone': the push service no longer knows the subscription (404/410): it must be deleted. */
export type PushResult = 'sent' | 'gone';

export interface PushSender {
  send(target: PushTarget, notice: PushNotice): Promise<PushResult>;
}

/** A notice unread after an hour is stale: the lot has moved on. */
const TTL_SECONDS = 3600;

/**
 * Web Push through the `web-push` package: it encrypts the payload for the browser's keys
 * (RFC 8291, aes128gcm) and signs the request with our VAPID keys (RFC 8292); the POST itself is
 * made here with fetch, so the push service may be the local double over plain HTTP in
 * development and tests (web-push's own request is HTTPS only). The Topic header lets the push
 * service replace a notice about the same lot that has not reached the device yet.
 */
export function createPushSender(vapid: VapidKeys): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(target, notice) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(notice),
        { vapidDetails, TTL: TTL_SECONDS, topic: notice.tag.replace(/[^\w-]/g, '').slice(0, 32), urgency: 'high' },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as unknown as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}
