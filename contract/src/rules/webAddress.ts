/**
 * Operators' links that visitors follow (a lot's external page, the donation site, the footer's
 * site, a banner's link). The API checks them as they are written (`operator.webLink`) and the
 * public pages again as they put them into `href` (a link stored before the API checked them).
 * Plain functions, without zod, so the public pages can use them without loading the operator
 * schemas (zod's first schema tries `new Function`, which the pages' Content-Security-Policy
 * reports as a refused eval).
 */

/**
 * Whether text is an address a visitor may safely be sent to: absolute http or https, with a host
 * and without a user name or password. The public pages put operators' links into `href`, where any
 * other scheme (`javascript:`, `data:`, `vbscript:`) would run script on the product's origin, a
 * path or `//host` would be read against the page, and `https://bank.example@evil.example` reads as
 * one site while leading to another.
 */
export function isWebAddress(text: string): boolean {
  // The scheme and its `//` are checked on the text itself: `new URL` would also take `https:host`
  // or `https:\\host`, which browsers resolve differently.
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

/** A host name at the start of the text (`example.org`, `www.example.org:8080/page`). */
const STARTS_WITH_HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]|$)/u;

/**
 * Spec 001 §3: the footer's site and a banner's link may be written without their scheme and get
 * `http://` in front. The address that makes, when the text starts with a host name (neither a
 * path nor another scheme may come first); otherwise undefined.
 */
function bareHostAddress(text: string): string | undefined {
  return STARTS_WITH_HOST.test(text) ? `http://${text}` : undefined;
}

/**
 * The address a link leads a visitor to, or undefined when it may not be followed: the text
 * itself when it is a web address, else (`bareHost`, spec 001 §3) the text with `http://` in
 * front when it starts with a host name. The API's check (`operator.webLink`) and the public
 * pages' `href` (web/src/lib/webLink.ts) both read links by it.
 */
export function linkAddress(text: string, { bareHost = false } = {}): string | undefined {
  if (isWebAddress(text)) return text;
  const address = bareHost ? bareHostAddress(text) : undefined;
  return address !== undefined && isWebAddress(address) ? address : undefined;
}
