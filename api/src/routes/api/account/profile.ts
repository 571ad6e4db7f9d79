import {
  errorAnswers,
  passwordChangedAnswer,
  profilePatchBody,
  profileSavedAnswer,
  Role,
  resetTemporaryPasswordBody,
  signedInAnswer,
  temporaryPasswordAnswer,
  temporaryPasswordBody,
  updatePasswordBody,
  updateUsernameBody,
  usernameChangedAnswer,
  validatePhoneParams,
  validationCodeAnswer,
} from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeCode } from '../../../accounts/accountCodes.ts';
import { sendAccountMessage } from '../../../accounts/accountContext.ts';
import { isValidPostalCode, normalizePostalCode, provinceEnumOf } from '../../../accounts/address.ts';
import { signedInUser } from '../../../accounts/auth.ts';
import { sendEmailConfirmation } from '../../../accounts/emailConfirmation.ts';
import { hashPassword, verifyPassword } from '../../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../../accounts/passwordRules.ts';
import { applyProfilePatch } from '../../../accounts/profilePatch.ts';
import { LIMITS } from '../../../accounts/rateLimits.ts';
import { makeTemporaryPassword } from '../../../accounts/temporaryPassword.ts';
import { textAccountCode } from '../../../accounts/textedCode.ts';
import { type UserRow, uniqueViolation } from '../../../accounts/userRepository.ts';
import { HttpError } from '../../../errors.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * The profile screen's calls (spec 000 §2 Profile, §7): saves of changed fields only, a phone
 * change that needs validating again, the username (email) and password changes that end other
 * sessions, the phone validation code, and the forced reset of a temporary password.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['account'], security: bearer });
  const { users } = app;
  const context = app.accounts;
  const { db, links } = context;

  app.patch(
    '/api/account',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Save changed profile fields: a list of add operations {path, value}; answers the profile',
        body: profilePatchBody,
        response: { 200: profileSavedAnswer, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => {
      const user = await signedInUser(users, request);
      const { changes, problems } = applyProfilePatch(user, request.body);
      if (problems.length) {
        throw new HttpError(400, 'validation_failed', { messages: problems.map((p) => p.message), errors: problems });
      }
      const next = { ...user, ...changes } as UserRow;
      const messages: string[] = [];
      if (changes.nick_name !== undefined && !(await users.isNickNameFree(String(changes.nick_name), user.id))) {
        messages.push('unique_nickname');
      }
      if (changes.phone_number !== undefined) {
        if (!(await users.isPhoneFree(String(changes.phone_number), user.id))) messages.push('unique_phone_number');
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
          await users.update(user.id, changes);
        } catch (error) {
          const index = uniqueViolation(error);
          if (!index) throw error;
          throw new HttpError(409, index.includes('nick') ? 'unique_nickname' : 'unique_phone_number');
        }
      }
      return {
        success: true as const,
        messages: ['saved_successfully'],
        ...(await users.profileOf(await signedInUser(users, request))),
      };
    },
  );

  app.put(
    '/api/account/update-username',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Change the email (username); every session ends, and the new address must be confirmed',
        body: updateUsernameBody,
        response: { 200: usernameChangedAnswer, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(users, request);
      const { newUserName, confirmNewUserName } = request.body;
      if (newUserName.toLowerCase() !== confirmNewUserName.toLowerCase()) throw new HttpError(400, 'emails_must_match');
      if (!(await users.isUsernameFree(newUserName, user.id))) throw new HttpError(409, 'duplicate_user_name');
      try {
        await users.changeUsername(user.id, newUserName);
      } catch (error) {
        if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_user_name');
        throw error;
      }
      const language = user.preferred_language;
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language,
        template: 'usernameChanged',
        params: { firstName: user.first_name, newUserName },
        userId: user.id,
      });
      await sendEmailConfirmation(context, {
        userId: user.id,
        email: newUserName,
        firstName: user.first_name,
        language,
      });
      await app.closeSession(request, reply);
      return { success: true as const, messages: ['username_change_successful'], loggedOut: true as const };
    },
  );

  app.put(
    '/api/account/update-password',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeCheck },
      schema: {
        summary: 'Change the password; other sessions end, this one gets new tokens',
        body: updatePasswordBody,
        response: { 200: passwordChangedAnswer, ...errorAnswers(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(users, request);
      const { currentPassword, newPassword, confirmNewPassword } = request.body;
      if (!(await verifyPassword(user.password_hash, currentPassword))) throw new HttpError(400, 'password_invalid');
      const messages: string[] = passwordProblems(newPassword);
      if (newPassword !== confirmNewPassword) messages.push('passwords_must_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const updated = await users.setPassword(user.id, await hashPassword(newPassword));
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
        success: true as const,
        messages: ['password_change_successful'],
        ...(await app.openSession(reply, updated, false)),
      };
    },
  );

  app.post(
    '/api/account/reset-temporary-password',
    {
      preHandler: app.authenticate,
      config: { allowTemporaryPassword: true },
      schema: {
        summary: 'Replace a temporary password (the only call such an account may make besides its profile)',
        body: resetTemporaryPasswordBody,
        response: { 200: signedInAnswer, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(users, request);
      if (!user.has_temporary_password) throw new HttpError(400, 'no_temporary_password');
      const messages: string[] = passwordProblems(request.body.newPassword);
      if (request.body.newPassword !== request.body.confirmNewPassword) messages.push('password_no_match');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });
      const updated = await users.setPassword(user.id, await hashPassword(request.body.newPassword), false);
      return {
        success: true as const,
        messages: ['password_change_successful'],
        ...(await users.profileOf(updated)),
        ...(await app.openSession(reply, updated, false)),
      };
    },
  );

  app.post(
    '/api/account/temporary-password',
    {
      preHandler: app.requireRoles([Role.Administrator]),
      schema: {
        tags: ['operator'],
        summary: 'Administrator: give a user a temporary password (emailed to them and answered once)',
        body: temporaryPasswordBody,
        response: { 200: temporaryPasswordAnswer, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const user = await users.byId(request.body.userId);
      if (!user) throw new HttpError(404, 'user_not_found');
      const temporaryPassword = makeTemporaryPassword();
      await users.setPassword(user.id, await hashPassword(temporaryPassword), true);
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: user.preferred_language,
        template: 'temporaryPassword',
        params: { firstName: user.first_name, temporaryPassword, link: links.login(user.preferred_language) },
        userId: user.id,
      });
      return { success: true as const, messages: ['saved_successfully'], temporaryPassword };
    },
  );

  app.post(
    '/api/account/create-validation-code',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeSending },
      schema: {
        summary: 'Text a code to validate the profile phone number',
        response: { 200: validationCodeAnswer, ...errorAnswers(401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = await signedInUser(users, request);
      if (user.phone_number_confirmed) return { phoneNumberValidated: true, messages: [] };
      if (!user.phone_number) throw new HttpError(400, 'invalid_phone_number');
      await textAccountCode(context, 'phoneValidation', {
        userId: user.id,
        phone: user.phone_number,
        language: user.preferred_language,
      });
      return { phoneNumberValidated: false, messages: ['sent_validation_code'] };
    },
  );

  app.post(
    '/api/account/validate-phone-number/:code',
    {
      preHandler: app.authenticate,
      config: { limits: LIMITS.codeCheck },
      schema: {
        summary: 'Check the phone validation code; true marks the phone confirmed',
        params: validatePhoneParams,
        response: { 200: z.boolean(), ...errorAnswers(401, 403, 429) },
      },
    },
    async (request) => {
      const user = await signedInUser(users, request);
      // The code confirms the number it was texted to: a number changed since matches no code.
      const phone = user.phone_number;
      if (phone === null) return false;
      if (!(await consumeCode(db, user.id, 'phoneValidation', request.params.code, { boundTo: phone }))) return false;
      // And only while it is still the profile's (a change racing this check confirms nothing).
      return users.confirmPhone(user.id, phone);
    },
  );
}) satisfies FastifyPluginAsyncZod;
