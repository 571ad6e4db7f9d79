import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed identity of an unsubscribe link (spec 000 §2 Unsubscribe, RFC 8058): who it is for and
 * what it turns off, one organisation's email or the bidder's email notices in general. It is
 * `<userId>.<organisationId or "all">.<signature>`, the signature an HMAC-SHA256 with a key derived
 * from the application's secret (JWT_SECRET), so any API or workers process can make and check one
 * without storing it. It does not expire: a link in a year-old email must still unsubscribe, and it
 * can do nothing but read and lower that bidder's notification choices. Changing the secret
 * retires every link at once.
 */
export interface UnsubscribeScope {
  userId: string;
  /** null: the bidder's email notices in general, not one organisation's. */
  organizationId: number | null;
}

const ALL = 'all';

/** The key for unsubscribe links only, so the secret itself never signs two kinds of things. */
export function unsubscribeKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('unsubscribe-link-v1').digest();
}

function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function signUnsubscribeToken(key: Buffer, scope: UnsubscribeScope): string {
  const payload = `${scope.userId}.${scope.organizationId ?? ALL}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The scope of a genuine token; null for anything else (forged, truncated, another secret's). */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeScope | null {
  const match = /^([0-9a-f-]{36})\.(all|\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId = '', organization = '', given = ''] = match;
  const expected = Buffer.from(signature(key, `${userId}.${organization}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, organizationId: organization === ALL ? null : Number(organization) };
}

/** Where an email's unsubscribe link and its one-click POST (List-Unsubscribe) lead. */
export function unsubscribeLinks(
  publicUrl: string,
  language: 'en' | 'fr',
  token: string,
): { page: string; oneClick: string } {
  const base = publicUrl.replace(/\/$/, '');
  const query = `identity=${encodeURIComponent(token)}`;
  return {
    page: language === 'fr' ? `${base}/desabonnement?${query}` : `${base}/en/unsubscribe?${query}`,
    oneClick: `${base}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}
