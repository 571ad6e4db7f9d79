import { tenDigitPhone } from '@auction/platform';
import { z } from 'zod';

/**
 * Zod's messages become message keys the client translates (spec 000 §5): a missing or empty
 * field is `field_required`, a bad email `email_invalid`, and so on. Schemas that need a more
 * specific key name it themselves.
 */
export function configureValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'field_required';
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'field_required';
      if (issue.code === 'invalid_format' && issue.format === 'email') return 'email_invalid';
      if (issue.code === 'invalid_format' && issue.format === 'url') return 'valid_url';
      if (issue.code === 'too_big') return 'field_too_long';
      if (issue.code === 'too_small') return 'field_too_short';
      if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return 'invalid_value';
      if (issue.code === 'unrecognized_keys') return 'unknown_field';
      return 'invalid_value';
    },
  });
}

export const email = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: 'email_invalid' }));

/** A phone typed any usual way, answered as its 10 digits. */
export const phone = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((value, ctx) => {
    const digits = tenDigitPhone(value);
    if (digits === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_phone_number' });
      return z.NEVER;
    }
    return digits;
  });

export const language = z
  .union([z.enum(['en', 'fr']), z.literal(1), z.literal(2), z.enum(['1', '2'])])
  .transform((value): 'en' | 'fr' => (value === 'en' || value === 1 || value === '1' ? 'en' : 'fr'));

export const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Passwords are checked against the rules where they are set; here only presence and a sane bound. */
export const passwordText = z.string().min(1).max(256);

export const text = (max = 200) => z.string().trim().max(max);
