import { linkAddress } from '@auction/contract';

/**
 * An operator's link as the `href` a public page may use, or undefined when it is not a web
 * address a visitor may be sent to. The API checks links as they are written (`operator.webLink`),
 * but one stored before that check could be `javascript:` or `https://bank.example@evil.example`,
 * and a page that trusted it would run it on the product's origin or mislead the visitor.
 *
 * Spec 001 §3: the footer's site and a banner's link may be a bare host, which gets `http://`, by
 * the same rule the API applies to them.
 */
export function webLink(stored: string | null | undefined, { bareHost = false } = {}): string | undefined {
  // Spaces around a link stored before the API trimmed it: browsers drop them from an href too.
  const text = stored?.trim();
  return text ? linkAddress(text, { bareHost }) : undefined;
}
