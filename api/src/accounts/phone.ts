import { tenDigitPhone } from '@auction/platform';

/**
 * Phone numbers are North American (spec 000 §5): 10 digits once the formatting is stripped, the
 * area code starting 1–9. They are stored as the 10 digits and shown as (NNN) NNN-NNNN, the
 * 14-character form the registration's SMS rule counts.
 */
export const FORMATTED_PHONE_LENGTH = 14;

export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Spec 000 §2: the SMS checkbox counts only with a complete formatted number (exactly 14 characters). */
export function isCompleteFormattedPhone(text: string): boolean {
  return text.length === FORMATTED_PHONE_LENGTH && tenDigitPhone(text) !== null;
}
