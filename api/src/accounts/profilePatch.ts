import { type ProfileField, type ProfilePatchBody, profileFields } from '@auction/contract';
import type { UsersTable } from '@auction/platform';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { nickNameCharacterProblem } from './nickNameCharacters.ts';
import type { UserRow } from './userRepository.ts';

/** The column each profile field a PATCH may set is stored in (spec 000 §3 Bidder). */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  business: 'business',
  nickName: 'nick_name',
  phoneNumber: 'phone_number',
  preferredLanguage: 'preferred_language',
  preferredCurrencyCode: 'preferred_currency_code',
  address: 'address',
  apartment: 'apartment',
  city: 'city',
  postalCode: 'postal_code',
  province: 'province',
  provinceEnum: 'province_enum',
  country: 'country',
  smsGeneralNotifications: 'sms_general_notifications',
  emailGeneralNotifications: 'email_general_notifications',
  smsOutbidNotifications: 'sms_outbid_notifications',
  emailOutbidNotifications: 'email_outbid_notifications',
} as const satisfies Record<ProfileField, keyof UsersTable>;

const fieldByLowerName = new Map(Object.keys(COLUMNS).map((name) => [name.toLowerCase(), name as ProfileField]));

/**
 * Applies the operations to the row in memory, each value checked by its field's rule (an empty
 * string clears a field); answers only the columns whose value changed, and the problems found.
 */
export function applyProfilePatch(user: UserRow, operations: ProfilePatchBody) {
  const changes: Record<string, unknown> = {};
  const problems: { field: string; message: string }[] = [];
  for (const operation of operations) {
    const field = fieldByLowerName.get(operation.path.replace(/^\//, '').toLowerCase());
    if (!field) {
      problems.push({ field: operation.path, message: 'unknown_field' });
      continue;
    }
    const column = COLUMNS[field];
    const parsed = (profileFields[field] as z.ZodType).safeParse(operation.value === '' ? null : operation.value);
    if (!parsed.success) {
      problems.push({ field, message: parsed.error.issues[0]?.message ?? 'invalid_value' });
      continue;
    }
    // The contract's rule bounds the length; what a displayed name may show is the API's rule.
    const hidden = field === 'nickName' && typeof parsed.data === 'string' && nickNameCharacterProblem(parsed.data);
    if (hidden) {
      problems.push({ field, message: hidden });
      continue;
    }
    const current = (user as unknown as Record<string, unknown>)[column];
    if (parsed.data !== current) changes[column] = parsed.data;
  }
  return { changes: changes as Updateable<UsersTable>, problems };
}
