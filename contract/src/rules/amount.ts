/**
 * An amount as a person types it ("1 250,50", "1,250.50", "25 $") as cents; undefined when it is
 * not an amount with at most 2 decimals. Both languages' separators are read: a comma followed by
 * exactly 1 or 2 digits at the end is a decimal comma, any other comma groups thousands (before
 * three digits each) and spaces are ignored.
 * The web app's amount fields and the API's invoice search by total read amounts with it.
 */
export function parseAmount(text: string): number | undefined {
  let cleaned = text.replace(/[\s\u00a0\u202f$]/g, '');
  if (/,\d{1,2}$/.test(cleaned) && !cleaned.includes('.')) cleaned = cleaned.replace(/,(\d{1,2})$/, '.$1');
  // A grouping comma stands before three digits ("1,250"), so "60,0150" (a field's "60,0" with
  // "150" typed after it) is not read as 600 150.
  if (cleaned.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(cleaned)) return undefined;
  cleaned = cleaned.replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}
