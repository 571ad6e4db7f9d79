import { z } from 'zod';
import { tenDigitPhone } from './rules/phoneNumber.ts';

/**
 * The fields people type into the account forms (spec 000 §5), as the API validates them. A
 * schema's message is a message key the client translates; the API maps zod's own failures to keys
 * (`field_required`, `field_too_long`…) where it configures zod.
 */

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

/** A language by its code or by the spec's number (1 English, 2 French). */
export const language = z
  .union([z.enum(['en', 'fr']), z.literal(1), z.literal(2), z.enum(['1', '2'])])
  .transform((value): 'en' | 'fr' => (value === 'en' || value === 1 || value === '1' ? 'en' : 'fr'));

/** Passwords are checked against the rules where they are set; here only presence and a sane bound. */
export const passwordText = z.string().min(1).max(256);

export const text = (max = 200) => z.string().trim().max(max);
