import { randomBytes } from 'node:crypto';
import { Role } from '@auction/contract';
import { smsStopReason, type UsersTable } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Updateable } from 'kysely';
import { z } from 'zod';
import { consumeCode, issueCode } from '../../accounts/accountCodes.ts';
import { type AccountContext, sendAccountMessage } from '../../accounts/accountContext.ts';
import { isValidPostalCode, normalizePostalCode, provinceEnumOf } from '../../accounts/address.ts';
import { accountOf } from '../../accounts/auth.ts';
import { hashPassword, verifyPassword } from '../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../accounts/passwordRules.ts';
import { profileOf } from '../../accounts/profile.ts';
import { LIMITS } from '../../accounts/rateLimits.ts';
import {
  findUserById,
  isNickNameFree,
  isPhoneFree,
  isUsernameFree,
  type UserRow,
  uniqueViolation,
} from '../../accounts/userRepository.ts';
import { HttpError } from '../../errors.ts';
import { booleanish, email, language, passwordText, phone, text } from '../../validation.ts';

const tags = ['account'];
const security = [{ bearer: [] }];

/** The profile fields a PATCH may set (spec 000 §3 Bidder), each with its column and its rule. */
const PATCHABLE = {
  firstName: { column: 'first_name', schema: text(100).min(1) },
  lastName: { column: 'last_name', schema: text(100).min(1) },
  business: { column: 'business', schema: text(200).nullable() },
  nickName: { column: 'nick_name', schema: text(50).min(1) },
  phoneNumber: { column: 'phone_number', schema: phone },
  preferredLanguage: { column: 'preferred_language', schema: language },
  preferredCurrencyCode: { column: 'preferred_currency_code', schema: z.enum(['CAD', 'USD']) },
  address: { column: 'address', schema: text(200).nullable() },
  apartment: { column: 'apartment', schema: text(50).nullable() },
  city: { column: 'city', schema: text(100).nullable() },
  postalCode: { column: 'postal_code', schema: text(20).nullable() },
  province: { column: 'province', schema: text(100).nullable() },
  provinceEnum: { column: 'province_enum', schema: z.coerce.number().int().min(1).max(99).nullable() },
  country: { column: 'country', schema: text(100).nullable() },
  smsGeneralNotifications: { column: 'sms_general_notifications', schema: booleanish },
  emailGeneralNotifications: { column: 'email_general_notifications', schema: booleanish },
  smsOutbidNotifications: { column: 'sms_outbid_notifications', schema: booleanish },
  emailOutbidNotifications: { column: 'email_outbid_notifications', schema: booleanish },
} as const satisfies Record<string, { column: keyof UsersTable; schema: z.ZodType }>;

type PatchableField = keyof typeof PATCHABLE;
const fieldByLowerName = new Map(Object.keys(PATCHABLE).map((name) => [name.toLowerCase(), name as PatchableField]));

const patchOperations = z
  .array(
    z.object({
      op: z.enum(['add', 'replace']).default('add'),
      path: z.string().trim().min(1).max(100),
      value: z.unknown(),
    }),
  )
  .min(1)
  .max(30);

/** Applies the operations to the row in memory; answers only the columns whose value changed. */
function applyPatch(user: UserRow, operations: z.infer<typeof patchOperations>) {
  const changes: Record<string, unknown> = {};
  const problems: { field: string; message: string }[] = [];
  for (const operation of operations) {
    const field = fieldByLowerName.get(operation.path.replace(/^\//, '').toLowerCase());
    if (!field) {
      problems.push({ field: operation.path, message: 'unknown_field' });
      continue;
    }
    const { column, schema } = PATCHABLE[field];
    const parsed = (schema as z.ZodType).safeParse(operation.value === '' ? null : operation.value);
    if (!parsed.success) {
      problems.push({ field, message: parsed.error.issues[0]?.message ?? 'invalid_value' });
      continue;
    }
    const current = (user as unknown as Record<string, unknown>)[column];
    if (parsed.data !== current) changes[column] = parsed.data;
  }
  return { changes: changes as Updateable<UsersTable>, problems };
}

/**
 * The profile screen's calls (spec 000 §2 Profile, §7): saves of changed fields only, a phone
 * change that needs validating again, the username (email) and password changes that end other
 * sessions, the phone validation code, and the forced reset of a temporary password.
 */
export const profileRoutes: FastifyPluginAsync<AccountContext & { publicUrl: string }> = async (root, context) => {
  const { db, links } = context;
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function me(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw new HttpError(401, 'invalid_token');
    return user;
  }

  app.patch(
    '/account',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Save changed profile fields: a list of add operations {path, value}; answers the profile',
        body: patchOperations,
      },
    },
    async (request) => {
      const user = await me(accountOf(request).id);
      const { changes, problems } = applyPatch(user, request.body);
      if (problems.length) {
        throw new HttpError(400, 'validation_failed', { messages: problems.map((p) => p.message), errors: problems });
      }
      const next = { ...user, ...changes } as UserRow;
      const messages: string[] = [];
      if (changes.nick_name !== undefined && !(await isNickNameFree(db, String(changes.nick_name), user.id))) {
        messages.push('unique_nickname');
      }
      if (changes.phone_number !== undefined) {
        if (!(await isPhoneFree(db, String(changes.phone_number), user.id))) messages.push('unique_phone_number');
        changes.phone_number_confirmed = false;
      }
      if (changes.postal_code && !isValidPostalCode(String(changes.postal_code), next.country)) {
        messages.push('invalid_postal_code');
      } else if (changes.postal_code) {
        changes.postal_code = normalizePostalCode(String(changes.postal_code));
      }
      if (changes.province !== undefined) changes.province_enum = provinceEnumOf(next.province);
      const smsOn = next.sms_general_notifications || next.sms_outbid_notifications;
      if (smsOn && !next.phone_number) messages.push('invalid_phone_number');
      if (!next.sms_general_notifications && !next.email_general_notifications) {
        messages.push('at_least_one_notification_method');
      }
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      if (Object.keys(changes).length) {
        try {
          await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
        } catch (error) {
          const index = uniqueViolation(error);
          if (!index) throw error;
          throw new HttpError(409, index.includes('nick') ? 'unique_nickname' : 'unique_phone_number');
        }
      }
      return { success: true, messages: ['saved_successfully'], ...(await profileOf(db, await me(user.id))) };
    },
  );

  app.put(
    '/account/update-username',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the email (username); every session ends, and the new address must be confirmed',
        body: z.object({ newUserName: email, confirmNewUserName: email }),
      },
    },
    async (request, reply) => {
      const user = await me(accountOf(request).id);
      const { newUserName, confirmNewUserName } = request.body;
      if (newUserName.toLowerCase() !== confirmNewUserName.toLowerCase()) throw new HttpError(400, 'emails_must_match');
      if (!(await isUsernameFree(db, newUserName, user.id))) throw new HttpError(409, 'duplicate_user_name');
      try {
        await db
          .updateTable('users')
          .set({ username: newUserName, email_confirmed: false, token_version: sql`token_version + 1` })
          .where('id', '=', user.id)
          .execute();
      } catch (error) {
        if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_user_name');
        throw error;
      }
      const token = await issueCode(db, user.id, 'emailConfirmation');
      const lang = user.preferred_language;
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: lang,
        template: 'usernameChanged',
        params: { firstName: user.first_name, newUserName },
        userId: user.id,
      });
      await sendAccountMessage(context, {
        channel: 'email',
        to: newUserName,
        language: lang,
        template: 'emailConfirmation',
        params: { firstName: user.first_name, link: links.emailConfirmation(lang, newUserName, token) },
        userId: user.id,
      });
      await app.closeSession(request, reply);
      return { success: true, messages: ['username_change_successful'], loggedOut: true };
    },
  );

  app.put(
    '/account/update-password',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeCheck },
      schema: {
        tags,
        security,
        summary: 'Change the password; other sessions end, this one gets new tokens',
        body: z.object({ currentPassword: passwordText, newPassword: passwordText, confirmNewPassword: passwordText }),
      },
    },
    async (request, reply) => {
      const user = await me(accountOf(request).id);
      const { currentPassword, newPassword, confirmNewPassword } = request.body;
      if (!(await verifyPassword(user.password_hash, currentPassword))) throw new HttpError(400, 'password_invalid');
      const messages: string[] = passwordProblems(newPassword);
      if (newPassword !== confirmNewPassword) messages.push('passwords_must_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const updated = await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(newPassword), token_version: sql`token_version + 1` })
        .where('id', '=', user.id)
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow();
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: user.preferred_language,
        template: 'passwordChanged',
        params: { firstName: user.first_name },
        userId: user.id,
      });
      // This session goes on in a new family (the old one's tokens carry the old version); others end.
      await app.closeSession(request, reply);
      return {
        success: true,
        messages: ['password_change_successful'],
        ...(await app.openSession(reply, updated, false)),
      };
    },
  );

  app.post(
    '/account/reset-temporary-password',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        tags,
        security,
        summary: 'Replace a temporary password (the only call such an account may make besides its profile)',
        body: z.object({ newPassword: passwordText, confirmNewPassword: passwordText }),
      },
    },
    async (request, reply) => {
      const user = await me(accountOf(request).id);
      if (!user.has_temporary_password) throw new HttpError(400, 'no_temporary_password');
      const messages: string[] = passwordProblems(request.body.newPassword);
      if (request.body.newPassword !== request.body.confirmNewPassword) messages.push('password_no_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const updated = await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(request.body.newPassword),
          has_temporary_password: false,
          token_version: sql`token_version + 1`,
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        success: true,
        messages: ['password_change_successful'],
        ...(await profileOf(db, updated)),
        ...(await app.openSession(reply, updated, false)),
      };
    },
  );

  app.post(
    '/account/temporary-password',
    {
      preHandler: app.requireRoles([Role.Administrator]),
      schema: {
        tags: ['operator'],
        security,
        summary: 'Administrator: give a user a temporary password (emailed to them and answered once)',
        body: z.object({ userId: z.uuid() }),
      },
    },
    async (request) => {
      const user = await findUserById(db, request.body.userId);
      if (!user) throw new HttpError(404, 'user_not_found');
      const temporaryPassword = makeTemporaryPassword();
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(temporaryPassword),
          has_temporary_password: true,
          token_version: sql`token_version + 1`,
        })
        .where('id', '=', user.id)
        .execute();
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: user.preferred_language,
        template: 'temporaryPassword',
        params: { firstName: user.first_name, temporaryPassword, link: links.login(user.preferred_language) },
        userId: user.id,
      });
      return { success: true, messages: ['saved_successfully'], temporaryPassword };
    },
  );

  app.post(
    '/account/create-validation-code',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeSending },
      schema: { tags, security, summary: 'Text a code to validate the profile phone number' },
    },
    async (request) => {
      const user = await me(accountOf(request).id);
      if (user.phone_number_confirmed) return { phoneNumberValidated: true, messages: [] };
      if (!user.phone_number) throw new HttpError(400, 'invalid_phone_number');
      if ((await smsStopReason(db, user.phone_number)) !== null) throw new HttpError(409, 'user_has_send_stop_date');
      const code = await issueCode(db, user.id, 'phoneValidation');
      await sendAccountMessage(context, {
        channel: 'sms',
        to: user.phone_number,
        language: user.preferred_language,
        template: 'phoneValidationCode',
        params: { code },
        userId: user.id,
      });
      return { phoneNumberValidated: false, messages: ['sent_validation_code'] };
    },
  );

  app.post(
    '/account/validate-phone-number/:code',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeCheck },
      schema: {
        tags,
        security,
        summary: 'Check the phone validation code; true marks the phone confirmed',
        params: z.object({ code: z.string().trim().min(1).max(20) }),
        response: { 200: z.boolean() },
      },
    },
    async (request) => {
      const user = await me(accountOf(request).id);
      if (!(await consumeCode(db, user.id, 'phoneValidation', request.params.code))) return false;
      await db.updateTable('users').set({ phone_number_confirmed: true }).where('id', '=', user.id).execute();
      return true;
    },
  );
};

/** Readable, typed once by a person, and within the password rules: Word-Word-NNNN!. */
function makeTemporaryPassword(): string {
  const bytes = randomBytes(12);
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const word = (offset: number) =>
    (letters[(bytes[offset] ?? 0) % letters.length] as string).toUpperCase() +
    Array.from({ length: 4 }, (_, i) => letters[(bytes[offset + 1 + i] ?? 0) % letters.length]).join('');
  const digits = String(bytes.readUInt16BE(10) % 10_000).padStart(4, '0');
  return `${word(0)}-${word(5)}-${digits}!`;
}
