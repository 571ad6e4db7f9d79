/**
 * An amount as a person types it ("1 250,50", "1,250.50", "25 $") as cents; undefined when it is
 * not an amount with at most 2 decimals. Both languages' separators are read: a comma followed by
 * exactly 1 or 2 digits at the end is a decimal comma, any other comma or space groups thousands.
 * The web app's amount fields and the API's invoice search by total read amounts with it.
 */
export function parseAmount(text: string): number | undefined {
  let cleaned = text.replace(/[\s\u00a0\u202f$]/g, '');
  if (/,\d{1,2}$/.test(cleaned) && !cleaned.includes('.')) cleaned = cleaned.replace(/,(\d{1,2})$/, '.$1');
  cleaned = cleaned.replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}
