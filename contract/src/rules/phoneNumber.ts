/**
 * Phone numbers are North American (spec 000 §5): 10 digits once the formatting is stripped, the
 * area code starting 1–9. They are stored as the 10 digits and leave for the SMS provider in E.164.
 */
export function toE164(tenDigits: string): string {
  return `+1${tenDigits}`;
}

/** The 10 digits of a number typed with any of the usual separators (and an optional leading 1 or +1), or null. */
export function tenDigitPhone(raw: string): string | null {
  const text = raw.trim();
  if (!/^[\d\s()+.-]*$/.test(text)) return null;
  if (text.startsWith('+') && !text.startsWith('+1')) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || digits.startsWith('0')) return null;
  return digits;
}
