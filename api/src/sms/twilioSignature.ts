import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio signs each webhook request: HMAC-SHA1, keyed with the account's auth token, of the full
 * URL it requested followed by every POST parameter's name and value in name order, base64.
 * (twilio's own validateRequest, written here because the API does not depend on the SDK.)
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Whether the X-Twilio-Signature header matches. Twilio signs the URL as configured, which may
 * or may not name the default port, so both forms are tried, as the SDK does.
 */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return [withoutPort(url), withDefaultPort(url)].some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i;

function withoutPort(url: string): string {
  const match = AUTHORITY.exec(url);
  if (!match) return url;
  const [, scheme, authority = '', rest] = match;
  return `${scheme}${authority.replace(/:\d+$/, '')}${rest}`;
}

function withDefaultPort(url: string): string {
  const match = AUTHORITY.exec(url);
  if (!match) return url;
  const [, scheme = '', authority = '', rest] = match;
  if (/:\d+$/.test(authority)) return url;
  return `${scheme}${authority}${scheme.toLowerCase() === 'https://' ? ':443' : ':80'}${rest}`;
}
