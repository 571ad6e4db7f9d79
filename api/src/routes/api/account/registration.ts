import {
  AuctionType,
  emailConfirmationBody,
  errorAnswers,
  getByUsernameQuery,
  invitationPrefill,
  messagesAnswer,
  registerBody,
  resendEmailConfirmationBody,
  signedInAnswer,
  tenDigitPhone,
  uniqueNicknameQuery,
  uniquePhoneNumberQuery,
} from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeCode } from '../../../accounts/accountCodes.ts';
import { isValidPostalCode, normalizePostalCode, provinceEnumOf } from '../../../accounts/address.ts';
import { sendEmailConfirmation } from '../../../accounts/emailConfirmation.ts';
import { nickNameCharacterProblem } from '../../../accounts/nickNameCharacters.ts';
import { hashPassword } from '../../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../../accounts/passwordRules.ts';
import { formatPhone, isCompleteFormattedPhone } from '../../../accounts/phone.ts';
import { LIMITS } from '../../../accounts/rateLimits.ts';
import { DEFAULT_ROLES } from '../../../accounts/roles.ts';
import { InvitationUsed, uniqueViolation } from '../../../accounts/userRepository.ts';
import { HttpError } from '../../../errors.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * Registration (spec 000 §2, §3, §5): every problem is reported at once as message keys, the
 * address is required when the auction requires it to bid, SMS is on only with a complete
 * formatted phone, and the new bidder is logged in right away while the confirmation email goes out.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['account'] });
  const { users, invitations } = app;
  const context = app.accounts;
  const { db } = context;

  app.post(
    '/api/account/register',
    {
      config: { limits: LIMITS.registration },
      schema: {
        summary: 'Create a bidder account; answers the profile with tokens (logged in)',
        body: registerBody,
        response: { 200: signedInAnswer, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Refused as the body's schema refuses a field, before the other checks: it is the field's rule.
      const hidden = nickNameCharacterProblem(body.nickName);
      if (hidden) {
        throw new HttpError(400, 'validation_failed', {
          messages: [hidden],
          errors: [{ field: 'nickName', message: hidden }],
        });
      }
      const messages: string[] = [];
      messages.push(...passwordProblems(body.password));
      if (body.password !== body.confirmPassword) messages.push('passwords_must_match');
      const phoneDigits = tenDigitPhone(body.cellphone);
      if (!phoneDigits) messages.push('invalid_phone_number');
      else if (!(await users.isPhoneFree(phoneDigits))) messages.push('unique_phone_number');
      if (!(await users.isNickNameFree(body.nickName))) messages.push('unique_nickname');
      if (!(await users.isUsernameFree(body.username))) messages.push('duplicate_user_name');

      const invitation = body.uniqueCode ? await invitations.byCode(body.uniqueCode) : undefined;
      if (body.uniqueCode && (!invitation || invitation.registered_user_id)) messages.push('invitation_not_found');
      // The code reaches only the invited phone (by text), so it proves holding that phone and no
      // other: an account made from it has the invitation's number, and has it confirmed.
      else if (invitation && phoneDigits && phoneDigits !== invitation.phone_number) {
        messages.push('invitation_phone_mismatch');
      }
      const found = body.auctionId ? await users.registrationAuction(body.auctionId) : undefined;
      // A private auction is joined by its invitation only: registering "from" it otherwise would
      // make a stranger one of its bidders. Answered as an unknown auction, so its id tells nothing.
      const auction =
        found && (found.type !== AuctionType.PrivateEvent || invitation?.auctionId === found.id) ? found : undefined;
      if (body.auctionId && !auction) messages.push('auction_not_found');
      const addressRequired = auction?.require_address_to_bid === true || body.requireAddressToBid === true;
      const hasAddress = Boolean(body.address && body.city && body.province && body.country && body.postalCode);
      if (addressRequired && !hasAddress) messages.push('invalid_address');
      if (body.postalCode && !isValidPostalCode(body.postalCode, body.country)) messages.push('invalid_postal_code');

      const sms = body.sendSMSNotifications && isCompleteFormattedPhone(body.cellphone);
      if (!sms && !body.sendEmailNotifications) messages.push('at_least_one_notification_method');

      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });

      const passwordHash = await hashPassword(body.password);
      let userId: string;
      try {
        userId = await users.create(
          {
            username: body.username,
            password_hash: passwordHash,
            first_name: body.firstName,
            last_name: body.lastName,
            nick_name: body.nickName,
            phone_number: phoneDigits,
            phone_number_confirmed: invitation !== undefined,
            preferred_language: body.language,
            roles: [...DEFAULT_ROLES],
            address: body.address ?? null,
            apartment: body.apartment ?? null,
            city: body.city ?? null,
            postal_code: body.postalCode ? normalizePostalCode(body.postalCode) : null,
            province: body.province ?? null,
            province_enum: body.province ? provinceEnumOf(body.province) : (body.provinceEnum ?? null),
            country: body.country ?? null,
            sms_general_notifications: sms,
            sms_outbid_notifications: sms,
            email_general_notifications: body.sendEmailNotifications,
            email_outbid_notifications: body.sendEmailNotifications,
          },
          { auctionId: auction?.id, invitationId: invitation?.id },
        );
      } catch (error) {
        // Another registration took the invitation between the check above and the write.
        if (error instanceof InvitationUsed) throw new HttpError(400, 'invitation_not_found');
        // Two registrations racing for the same nickname, phone or email: the index decides.
        const index = uniqueViolation(error);
        if (!index) throw error;
        const key = index.includes('nick')
          ? 'unique_nickname'
          : index.includes('phone')
            ? 'unique_phone_number'
            : 'duplicate_user_name';
        throw new HttpError(409, key);
      }

      await sendEmailConfirmation(context, {
        userId,
        email: body.username,
        firstName: body.firstName,
        language: body.language,
      });
      const user = await users.byId(userId);
      if (!user) throw new Error('the account just created is gone');
      return {
        success: true as const,
        messages: [],
        ...(await users.profileOf(user)),
        ...(await app.openSession(reply, user, false)),
      };
    },
  );

  app.post(
    '/api/account/email-confirmation',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        summary: 'Confirm the email with the token of the confirmation link',
        body: emailConfirmationBody,
        response: { 200: messagesAnswer, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const user = await users.byUsername(request.body.username);
      if (!user || !(await consumeCode(db, user.id, 'emailConfirmation', request.body.token))) {
        throw new HttpError(400, 'invalid_token');
      }
      await users.confirmEmail(user.id);
      return { success: true as const, messages: ['email_confirmed'] };
    },
  );

  app.post(
    '/api/account/resend-email-confirmation',
    {
      config: { limits: LIMITS.recoveryEmail },
      schema: {
        summary: 'Send the confirmation link again (the email confirmation page offers it)',
        body: resendEmailConfirmationBody,
        response: { 200: messagesAnswer, ...errorAnswers(429) },
      },
    },
    async (request) => {
      // The same answer whether the address has an account, a confirmed one or none: it tells nothing.
      const sent = { success: true as const, messages: ['email_confirmation_sent'] };
      const user = await users.byUsername(request.body.username);
      if (!user || user.email_confirmed) return sent;
      await sendEmailConfirmation(context, {
        userId: user.id,
        email: user.username,
        firstName: user.first_name,
        language: user.preferred_language,
      });
      return sent;
    },
  );

  app.get(
    '/api/account/unique-nickname',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        summary: 'Is this displayed bidder name free (apart from the given user)?',
        querystring: uniqueNicknameQuery,
        response: { 200: z.boolean(), ...errorAnswers(429) },
      },
    },
    async (request) => users.isNickNameFree(request.query.nickName, request.query.userId || undefined),
  );

  app.get(
    '/api/account/unique-phone-number',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        summary: 'Is this phone number free (apart from the given user)?',
        querystring: uniquePhoneNumberQuery,
        response: { 200: z.boolean(), ...errorAnswers(429) },
      },
    },
    async (request) => users.isPhoneFree(request.query.phoneNumber, request.query.userId || undefined),
  );

  app.get(
    '/api/account/get-by-username',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        summary:
          "Registration prefill for an invited person: their phone and their invitation's code (of the on-board link); never reveals an existing account",
        querystring: getByUsernameQuery,
        response: { 200: invitationPrefill, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      // A phone alone would tell anyone who types it the invitee's name and private auction: the
      // code, texted to that phone only, must come with it (docs/accounts.md).
      const digits = tenDigitPhone(request.query.username);
      const invitation = digits ? await invitations.byCode(request.query.uniqueCode) : undefined;
      if (!invitation || invitation.registered_user_id || invitation.phone_number !== digits) {
        throw new HttpError(404, 'invitation_not_found');
      }
      return {
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        phoneNumber: formatPhone(invitation.phone_number),
        urlMagicLink: invitation.url_magic_link,
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
