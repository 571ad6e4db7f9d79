import { tenDigitPhone } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeCode, issueCode } from '../../accounts/accountCodes.ts';
import { type AccountContext, sendAccountMessage } from '../../accounts/accountContext.ts';
import { isValidPostalCode, normalizePostalCode, provinceEnumOf } from '../../accounts/address.ts';
import { hashPassword } from '../../accounts/passwordHashing.ts';
import { passwordProblems } from '../../accounts/passwordRules.ts';
import { formatPhone, isCompleteFormattedPhone } from '../../accounts/phone.ts';
import { BidderStatus, profileOf } from '../../accounts/profile.ts';
import { LIMITS } from '../../accounts/rateLimits.ts';
import { DEFAULT_ROLES } from '../../accounts/roles.ts';
import {
  findUserByUsername,
  isNickNameFree,
  isPhoneFree,
  isUsernameFree,
  uniqueViolation,
} from '../../accounts/userRepository.ts';
import { HttpError } from '../../errors.ts';
import { booleanish, email, language, passwordText, phone, rowId, text } from '../../validation.ts';

const tags = ['account'];
const optionalText = (max = 200) => text(max).nullish();

const registerBody = z.object({
  username: email,
  password: passwordText,
  confirmPassword: passwordText,
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  nickName: text(50).min(1),
  cellphone: z.string().trim().min(1).max(32),
  language: language.default('fr'),
  sendSMSNotifications: booleanish.default(true),
  sendEmailNotifications: booleanish.default(true),
  auctionId: rowId.nullish(),
  requireAddressToBid: booleanish.optional(),
  address: optionalText(),
  apartment: optionalText(50),
  city: optionalText(100),
  postalCode: optionalText(20),
  province: optionalText(100),
  provinceEnum: z.coerce.number().int().min(0).max(99).nullish(),
  country: optionalText(100),
  /** The onboarding invitation this registration completes, when it came from an on-board link. */
  uniqueCode: optionalText(100),
});

/**
 * Registration (spec 000 §2, §3, §5): every problem is reported at once as message keys, the
 * address is required when the auction requires it to bid, SMS is on only with a complete
 * formatted phone, and the new bidder is logged in right away while the confirmation email goes out.
 */
export const registrationRoutes: FastifyPluginAsync<AccountContext> = async (root, context) => {
  const { db, links } = context;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/account/register',
    {
      config: { limits: LIMITS.registration },
      schema: {
        tags,
        summary: 'Create a bidder account; answers the profile with tokens (logged in)',
        body: registerBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const messages: string[] = [];
      messages.push(...passwordProblems(body.password));
      if (body.password !== body.confirmPassword) messages.push('passwords_must_match');
      const phoneDigits = tenDigitPhone(body.cellphone);
      if (!phoneDigits) messages.push('invalid_phone_number');
      else if (!(await isPhoneFree(db, phoneDigits))) messages.push('unique_phone_number');
      if (!(await isNickNameFree(db, body.nickName))) messages.push('unique_nickname');
      if (!(await isUsernameFree(db, body.username))) messages.push('duplicate_user_name');

      const auction = body.auctionId
        ? await db
            .selectFrom('auctions')
            .select(['id', 'require_address_to_bid'])
            .where('id', '=', body.auctionId)
            .executeTakeFirst()
        : undefined;
      if (body.auctionId && !auction) messages.push('auction_not_found');
      const addressRequired = auction?.require_address_to_bid === true || body.requireAddressToBid === true;
      const hasAddress = Boolean(body.address && body.city && body.province && body.country && body.postalCode);
      if (addressRequired && !hasAddress) messages.push('invalid_address');
      if (body.postalCode && !isValidPostalCode(body.postalCode, body.country)) messages.push('invalid_postal_code');

      const sms = body.sendSMSNotifications && isCompleteFormattedPhone(body.cellphone);
      if (!sms && !body.sendEmailNotifications) messages.push('at_least_one_notification_method');

      const invitation = body.uniqueCode
        ? await db
            .selectFrom('onboarding_invitations')
            .select(['id', 'registered_user_id'])
            .where('unique_code', '=', body.uniqueCode)
            .executeTakeFirst()
        : undefined;
      if (body.uniqueCode && (!invitation || invitation.registered_user_id)) messages.push('invitation_not_found');
      if (messages.length) throw new HttpError(400, messages[0] as string, { messages });

      const passwordHash = await hashPassword(body.password);
      let userId: string;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('users')
            .values({
              username: body.username,
              password_hash: passwordHash,
              first_name: body.firstName,
              last_name: body.lastName,
              nick_name: body.nickName,
              phone_number: phoneDigits,
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
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (auction) {
            await trx
              .insertInto('auction_bidders')
              .values({ auction_id: auction.id, user_id: row.id, status: BidderStatus.Visited })
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          if (invitation) {
            await trx
              .updateTable('onboarding_invitations')
              .set({ registered_user_id: row.id })
              .where('id', '=', invitation.id)
              .execute();
          }
          return row.id;
        });
      } catch (error) {
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

      const token = await issueCode(db, userId, 'emailConfirmation');
      await sendAccountMessage(context, {
        channel: 'email',
        to: body.username,
        language: body.language,
        template: 'emailConfirmation',
        params: { firstName: body.firstName, link: links.emailConfirmation(body.language, body.username, token) },
        userId,
      });
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      return {
        success: true,
        messages: [],
        ...(await profileOf(db, user)),
        ...(await app.openSession(reply, user, false)),
      };
    },
  );

  app.post(
    '/account/email-confirmation',
    {
      config: { limits: LIMITS.codeCheck },
      schema: {
        tags,
        summary: 'Confirm the email with the token of the confirmation link',
        body: z.object({ username: z.string().trim().min(1).max(254), token: z.string().trim().min(1).max(200) }),
      },
    },
    async (request) => {
      const user = await findUserByUsername(db, request.body.username);
      if (!user || !(await consumeCode(db, user.id, 'emailConfirmation', request.body.token))) {
        throw new HttpError(400, 'invalid_token');
      }
      await db.updateTable('users').set({ email_confirmed: true }).where('id', '=', user.id).execute();
      return { success: true, messages: ['email_confirmed'] };
    },
  );

  app.post(
    '/account/resend-email-confirmation',
    {
      config: { limits: LIMITS.recoveryEmail },
      schema: {
        tags,
        summary: 'Send the confirmation link again (the email confirmation page offers it)',
        body: z.object({ username: z.string().trim().min(1).max(254) }),
      },
    },
    async (request) => {
      // The same answer whether the address has an account, a confirmed one or none: it tells nothing.
      const sent = { success: true, messages: ['email_confirmation_sent'] };
      const user = await findUserByUsername(db, request.body.username);
      if (!user || user.email_confirmed) return sent;
      const token = await issueCode(db, user.id, 'emailConfirmation');
      await sendAccountMessage(context, {
        channel: 'email',
        to: user.username,
        language: user.preferred_language,
        template: 'emailConfirmation',
        params: {
          firstName: user.first_name,
          link: links.emailConfirmation(user.preferred_language, user.username, token),
        },
        userId: user.id,
      });
      return sent;
    },
  );

  app.get(
    '/account/unique-nickname',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        tags,
        summary: 'Is this displayed bidder name free (apart from the given user)?',
        querystring: z.object({ nickName: text(50).min(1), userId: z.uuid().nullish().or(z.literal('')) }),
        response: { 200: z.boolean() },
      },
    },
    async (request) => isNickNameFree(db, request.query.nickName, request.query.userId || undefined),
  );

  app.get(
    '/account/unique-phone-number',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        tags,
        summary: 'Is this phone number free (apart from the given user)?',
        querystring: z.object({ phoneNumber: phone, userId: z.uuid().nullish().or(z.literal('')) }),
        response: { 200: z.boolean() },
      },
    },
    async (request) => isPhoneFree(db, request.query.phoneNumber, request.query.userId || undefined),
  );

  app.get(
    '/account/get-by-username',
    {
      config: { limits: LIMITS.uniqueCheck },
      schema: {
        tags,
        summary: 'Registration prefill for an invited person (by their phone); never reveals an existing account',
        querystring: z.object({ username: z.string().trim().min(1).max(254) }),
      },
    },
    async (request) => {
      const digits = tenDigitPhone(request.query.username);
      const invitation = digits
        ? await db
            .selectFrom('onboarding_invitations')
            .innerJoin('auctions', 'auctions.id', 'onboarding_invitations.auction_id')
            .select([
              'onboarding_invitations.first_name',
              'onboarding_invitations.last_name',
              'onboarding_invitations.phone_number',
              'auctions.url_magic_link',
            ])
            .where('onboarding_invitations.phone_number', '=', digits)
            .where('onboarding_invitations.registered_user_id', 'is', null)
            .orderBy('onboarding_invitations.id', 'desc')
            .executeTakeFirst()
        : undefined;
      if (!invitation) throw new HttpError(404, 'invitation_not_found');
      return {
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        phoneNumber: formatPhone(invitation.phone_number),
        urlMagicLink: invitation.url_magic_link,
      };
    },
  );
};
