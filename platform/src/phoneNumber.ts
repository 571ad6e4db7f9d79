/**
 * Phone numbers are stored as 10 digits (North America, spec: "10 digits after stripping
 * formatting") and leave for the SMS provider in E.164.
 */
export function toE164(tenDigits: string): string {
  return `+1${tenDigits}`;
}

/** The 10 digits of a North American number in any usual form (+1…, 1…, (514) 555-0100), or null. */
export function tenDigitPhone(raw: string): string | null {
  if (raw.trim().startsWith('+') && !raw.trim().startsWith('+1')) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}
