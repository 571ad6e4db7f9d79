import {
  errorAnswers,
  maskedEmailAnswer,
  maskedEmailParams,
  messagesAnswer,
  passwordRecoveryEmailBody,
  passwordRecoveryPhoneBody,
  passwordResetBody,
  recoveryCodeSentAnswer,
  recoveryCodeVerifiedAnswer,
  verifyRecoveryCodeParams,
} from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeCode, issueCode } from '../../../accounts/accountCodes.ts';
import { sendAccountMessage } from '../../../accounts/accountContext.ts';
import { maskEmail } from '../../../accounts/maskEmail.ts';
import { hashPassword } from '../../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../../accounts/passwordRules.ts';
import { LIMITS } from '../../../accounts/rateLimits.ts';
import { textAccountCode } from '../../../accounts/textedCode.ts';
import { HttpError } from '../../../errors.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * Password recovery (spec 000 §2, §4): by email, a link with a one-hour reset token; by phone, the
 * masked email as a hint, the full email typed back, then a six-digit SMS code (10 minutes, five
 * tries) that, once verified, answers the same reset token. Every call here is rate limited.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['password recovery'] });
  const { users } = app;
  const context = app.accounts;
  const { db, links } = context;

  app.post(
    '/api/account/password-recovery-email',
    {
      config: { limits: LIMITS.recoveryEmail },
      schema: {
        summary: 'Email a password reset link',
        body: passwordRecoveryEmailBody,
        response: { 200: messagesAnswer, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      const user = await users.byUsername(request.body.value);
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
      return { success: true as const, messages: ['password_recovery_email_sent'] };
    },
  );

  app.get(
    '/api/account/masked-email-for-recovery/:phone',
    {
      config: { limits: LIMITS.maskedEmail },
      schema: {
        summary: "The account's email, masked, as a hint for phone recovery",
        params: maskedEmailParams,
        response: { 200: maskedEmailAnswer, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      const user = await users.byPhone(request.params.phone);
      if (!user) throw new HttpError(404, 'phone_not_linked_to_account', { email: null });
      return { success: true as const, email: maskEmail(user.username), messages: [] };
    },
  );

  app.post(
    '/api/account/password-recovery-phone',
    {
      config: { limits: LIMITS.codeSending },
      schema: {
        summary: 'Text a six-digit recovery code once the full email typed matches the phone',
        body: passwordRecoveryPhoneBody,
        response: { 200: recoveryCodeSentAnswer, ...errorAnswers(404, 409, 429) },
      },
    },
    async (request) => {
      const user = await users.byPhone(request.body.value);
      if (!user) throw new HttpError(404, 'phone_not_linked_to_account');
      if (user.username.toLowerCase() !== request.body.maskedEmail.toLowerCase()) {
        throw new HttpError(400, 'email_does_not_match_phone');
      }
      await textAccountCode(context, 'recoveryCode', {
        userId: user.id,
        phone: request.body.value,
        language: user.preferred_language,
      });
      return { success: true as const, messages: ['sent_validation_code'], username: user.username };
    },
  );

  app.get(
    '/api/account/verify-code-password-recovery/:code/:username',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        summary: 'Verify the SMS recovery code; answers the reset token',
        params: verifyRecoveryCodeParams,
        response: { 200: recoveryCodeVerifiedAnswer, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const user = await users.byUsername(request.params.username);
      if (!user || !(await consumeCode(db, user.id, 'recoveryCode', request.params.code))) {
        // One refusal, one message: the code page lists every key it is given.
        throw new HttpError(400, 'code_does_not_match_or_expired');
      }
      const token = await issueCode(db, user.id, 'passwordReset');
      return { success: true as const, token, username: user.username, messages: ['validatedSuccessfully'] };
    },
  );

  app.post(
    '/api/account/password-reset',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        summary: 'Set a new password with the reset token; every session ends',
        body: passwordResetBody,
        response: { 200: messagesAnswer, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const { token, password, confirmPassword } = request.body;
      const messages: string[] = passwordProblems(password);
      if (password !== confirmPassword) messages.push('passwords_must_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const user = await users.byUsername(request.body.email);
      if (!user || !(await consumeCode(db, user.id, 'passwordReset', token))) throw new HttpError(400, 'invalid_token');
      await users.setPassword(user.id, await hashPassword(password), false);
      return { success: true as const, messages: ['password_reset_successful'] };
    },
  );
}) satisfies FastifyPluginAsyncZod;
