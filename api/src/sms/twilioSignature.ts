import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

/**
 * Whether the X-Twilio-Signature header is Twilio's for this URL and these POST parameters:
 * HMAC-SHA1 with the account's auth token, checked by the twilio SDK's own `validateRequest`
 * (which also tries the URL with and without the default port, as Twilio may sign either).
 * Only the webhooks module is loaded, not the whole REST client.
 */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!authToken || !signature) return false;
  return validateRequest(authToken, signature, url, params);
}
