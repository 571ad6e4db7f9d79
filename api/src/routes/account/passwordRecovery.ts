import { smsStopReason } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { consumeCode, issueCode } from '../../accounts/accountCodes.ts';
import { type AccountContext, sendAccountMessage } from '../../accounts/accountContext.ts';
import { maskEmail } from '../../accounts/maskEmail.ts';
import { hashPassword } from '../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../accounts/passwordRules.ts';
import { LIMITS } from '../../accounts/rateLimits.ts';
import { findUserByPhone, findUserByUsername } from '../../accounts/userRepository.ts';
import { HttpError } from '../../errors.ts';
import { email, MAX_ROW_ID, passwordText, phone } from '../../validation.ts';

const tags = ['password recovery'];
const magicLink = z.string().trim().max(200).nullish();

/**
 * Password recovery (spec 000 §2, §4): by email, a link with a one-hour reset token; by phone, the
 * masked email as a hint, the full email typed back, then a six-digit SMS code (10 minutes, five
 * tries) that, once verified, answers the same reset token. Every call here is rate limited.
 */
export const passwordRecoveryRoutes: FastifyPluginAsync<AccountContext> = async (root, context) => {
  const { db, links } = context;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/account/password-recovery-email',
    {
      config: { limits: LIMITS.recoveryEmail },
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: z.object({
          value: email,
          urlMagicLink: magicLink,
          companyId: z.coerce.number().int().max(MAX_ROW_ID).nullish(),
        }),
      },
    },
    async (request) => {
      const user = await findUserByUsername(db, request.body.value);
      if (!user) throw new HttpError(404, 'email_not_linked_to_account');
      const token = await issueCode(db, user.id, 'passwordReset');
      const lang = user.preferred_language;
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: lang,
        template: 'passwordRecoveryEmail',
        params: {
          firstName: user.first_name,
          link: links.resetPassword(lang, user.username, token, request.body.urlMagicLink ?? undefined),
        },
        userId: user.id,
      });
      return { success: true, messages: ['password_recovery_email_sent'] };
    },
  );

  app.get(
    '/account/masked-email-for-recovery/:phone',
    {
      config: { limits: LIMITS.maskedEmail },
      schema: {
        tags,
        summary: "The account's email, masked, as a hint for phone recovery",
        params: z.object({ phone }),
      },
    },
    async (request) => {
      const user = await findUserByPhone(db, request.params.phone);
      if (!user) throw new HttpError(404, 'phone_not_linked_to_account', { email: null });
      return { success: true, email: maskEmail(user.username), messages: [] };
    },
  );

  app.post(
    '/account/password-recovery-phone',
    {
      config: { limits: LIMITS.codeSending },
      schema: {
        tags,
        summary: 'Text a six-digit recovery code once the full email typed matches the phone',
        body: z.object({ value: phone, maskedEmail: email, urlMagicLink: magicLink }),
      },
    },
    async (request) => {
      const user = await findUserByPhone(db, request.body.value);
      if (!user) throw new HttpError(404, 'phone_not_linked_to_account');
      if (user.username.toLowerCase() !== request.body.maskedEmail.toLowerCase()) {
        throw new HttpError(400, 'email_does_not_match_phone');
      }
      if ((await smsStopReason(db, request.body.value)) !== null) throw new HttpError(409, 'user_has_send_stop_date');
      const code = await issueCode(db, user.id, 'recoveryCode');
      await sendAccountMessage(context, {
        channel: 'sms',
        to: request.body.value,
        language: user.preferred_language,
        template: 'passwordRecoveryCode',
        params: { code },
        userId: user.id,
      });
      return { success: true, messages: ['sent_validation_code'], username: user.username };
    },
  );

  app.get(
    '/account/verify-code-password-recovery/:code/:username',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        tags,
        summary: 'Verify the SMS recovery code; answers the reset token',
        params: z.object({ code: z.string().trim().min(1).max(6), username: z.string().trim().min(1).max(254) }),
      },
    },
    async (request) => {
      const user = await findUserByUsername(db, request.params.username);
      if (!user || !(await consumeCode(db, user.id, 'recoveryCode', request.params.code))) {
        throw new HttpError(400, 'validationFailed', {
          messages: ['validationFailed', 'code_does_not_match_or_expired'],
        });
      }
      const token = await issueCode(db, user.id, 'passwordReset');
      return { success: true, token, username: user.username, messages: ['validatedSuccessfully'] };
    },
  );

  app.post(
    '/account/password-reset',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        tags,
        summary: 'Set a new password with the reset token; every session ends',
        body: z.object({
          token: z.string().trim().min(1).max(200),
          email: z.string().trim().min(1).max(254),
          password: passwordText,
          confirmPassword: passwordText,
        }),
      },
    },
    async (request) => {
      const { token, password, confirmPassword } = request.body;
      const messages: string[] = passwordProblems(password);
      if (password !== confirmPassword) messages.push('passwords_must_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const user = await findUserByUsername(db, request.body.email);
      if (!user || !(await consumeCode(db, user.id, 'passwordReset', token))) throw new HttpError(400, 'invalid_token');
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(password),
          has_temporary_password: false,
          token_version: sql`token_version + 1`,
        })
        .where('id', '=', user.id)
        .execute();
      return { success: true, messages: ['password_reset_successful'] };
    },
  );
};
