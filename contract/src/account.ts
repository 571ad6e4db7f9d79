import { z } from 'zod';
import { booleanish, decimalInteger, MAX_ROW_ID, rowId } from './common.ts';
import { email, language, passwordText, phone, text } from './fields.ts';

/**
 * The account side (spec 000): login and sessions, registration, the profile, password recovery,
 * per-organisation communication preferences and onboarding invitations. Requests as the API
 * validates them; answers exactly as it sends them.
 */

// ——— Requests ———

const username = z.string().trim().min(1).max(254);
const optionalText = (max = 200) => text(max).nullish();
const magicLink = z.string().trim().max(200).nullish();
/** A user id in a query: empty means none (the registration form sends it empty). */
const optionalUserId = z.uuid().nullish().or(z.literal(''));

export const authenticateBody = z.object({
  username,
  password: passwordText,
  grant_type: z.literal('password').optional(),
});

export const openSessionBody = z.object({ rememberMe: booleanish.default(false) }).default({ rememberMe: false });

export const registerBody = z.object({
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
  provinceEnum: decimalInteger(z.number().int().min(0).max(99)).nullish(),
  country: optionalText(100),
  /** The onboarding invitation this registration completes, when it came from an on-board link. */
  uniqueCode: optionalText(100),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const emailConfirmationBody = z.object({ username, token: z.string().trim().min(1).max(200) });
export const resendEmailConfirmationBody = z.object({ username });
export const uniqueNicknameQuery = z.object({ nickName: text(50).min(1), userId: optionalUserId });
export const uniquePhoneNumberQuery = z.object({ phoneNumber: phone, userId: optionalUserId });
/** The invited phone and the code of its on-board link: the phone alone prefills nothing. */
export const getByUsernameQuery = z.object({ username, uniqueCode: z.string().trim().min(1).max(100) });

export const passwordRecoveryEmailBody = z.object({
  value: email,
  urlMagicLink: magicLink,
  companyId: decimalInteger(z.number().int().max(MAX_ROW_ID)).nullish(),
});
export const maskedEmailParams = z.object({ phone });
export const passwordRecoveryPhoneBody = z.object({ value: phone, maskedEmail: email, urlMagicLink: magicLink });
export const verifyRecoveryCodeParams = z.object({
  code: z.string().trim().min(1).max(6),
  username,
});
export const passwordResetBody = z.object({
  token: z.string().trim().min(1).max(200),
  email: username,
  password: passwordText,
  confirmPassword: passwordText,
});

/** The profile fields a PATCH may set (spec 000 §3 Bidder), each with its rule. */
export const profileFields = {
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  business: text(200).nullable(),
  nickName: text(50).min(1),
  phoneNumber: phone,
  preferredLanguage: language,
  preferredCurrencyCode: z.enum(['CAD', 'USD']),
  address: text(200).nullable(),
  apartment: text(50).nullable(),
  city: text(100).nullable(),
  postalCode: text(20).nullable(),
  province: text(100).nullable(),
  provinceEnum: decimalInteger(z.number().int().min(1).max(99)).nullable(),
  country: text(100).nullable(),
  smsGeneralNotifications: booleanish,
  emailGeneralNotifications: booleanish,
  smsOutbidNotifications: booleanish,
  emailOutbidNotifications: booleanish,
} as const;
export type ProfileField = keyof typeof profileFields;

/** PATCH /api/account: JSON Patch `add` (or `replace`) operations, one per changed field. */
export const profilePatchBody = z
  .array(
    z.object({
      op: z.enum(['add', 'replace']).default('add'),
      path: z.string().trim().min(1).max(100),
      value: z.unknown(),
    }),
  )
  .min(1)
  .max(30);
export type ProfilePatchBody = z.infer<typeof profilePatchBody>;

export const updateUsernameBody = z.object({ newUserName: email, confirmNewUserName: email });
export const updatePasswordBody = z.object({
  currentPassword: passwordText,
  newPassword: passwordText,
  confirmNewPassword: passwordText,
});
export const resetTemporaryPasswordBody = z.object({ newPassword: passwordText, confirmNewPassword: passwordText });
export const temporaryPasswordBody = z.object({ userId: z.uuid() });
export const validatePhoneParams = z.object({ code: z.string().trim().min(1).max(20) });

export const organizationNotificationsQuery = z.object({ urlMagicLink: z.string().trim().max(200).nullish() });
/** A first choice for an organisation: a channel left out keeps its current value (on when never chosen). */
export const organizationNotificationBody = z.object({
  id: decimalInteger(z.number().int().min(0).max(MAX_ROW_ID)).optional(),
  organization_Id: rowId,
  smsNotifications: booleanish.optional(),
  emailNotifications: booleanish.optional(),
});
export type OrganizationNotificationBody = z.infer<typeof organizationNotificationBody>;
const channelsChange = z.object({
  smsNotifications: booleanish.optional(),
  emailNotifications: booleanish.optional(),
});
export type ChannelsChange = z.infer<typeof channelsChange>;
/** The unsubscribe page sends [{fieldName, value}]; the profile page sends the changed fields. */
export const organizationNotificationChange = z.union([
  z
    .array(z.object({ fieldName: z.enum(['smsNotifications', 'emailNotifications']), value: booleanish }))
    .min(1)
    .max(2)
    .transform((list) => Object.fromEntries(list.map((f) => [f.fieldName, f.value])) as ChannelsChange),
  channelsChange,
]);
/** The user's identity code, or the signed token of an email's unsubscribe link. */
const identity = z.string().trim().min(1).max(200);
export const identityParams = z.object({ identity });
export const identityIdParams = z.object({ identity, id: rowId });
/** RFC 8058 one-click unsubscribe: the signed token is in the URL, the body only says `List-Unsubscribe=One-Click`. */
export const oneClickUnsubscribeQuery = z.object({ token: identity });

export const inviteBody = z.object({
  phoneNumber: phone,
  firstName: text(100).default(''),
  lastName: text(100).default(''),
  auctionId: rowId,
});
export const onBoardInfoQuery = z.object({ uniqueCode: z.string().trim().min(1).max(100) });

// ——— Answers ———

const messages = z.array(z.string());
/** `{ success: true, messages }`: a change made, with the keys of what to tell the user. */
export const messagesAnswer = z.object({ success: z.literal(true), messages });

/** POST /api/account/authenticate */
export const accessTokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  userName: z.string(),
});

/** An access token (15 minutes); the refresh token is the httpOnly cookie set beside it. */
export const sessionTokens = z.object({ token: z.string(), expiresIn: z.number() });

/** Spec 000 §3 Bidder. */
export const bidder = z.object({
  firstName: z.string(),
  lastName: z.string(),
  business: z.string().nullable(),
  nickName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
  preferredLanguage: z.enum(['en', 'fr']),
  preferredCurrencyCode: z.enum(['CAD', 'USD']),
  address: z.string().nullable(),
  apartment: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  province: z.string().nullable(),
  provinceEnum: z.number().nullable(),
  country: z.string().nullable(),
  addressCompleted: z.boolean(),
  smsGeneralNotifications: z.boolean(),
  emailGeneralNotifications: z.boolean(),
  smsOutbidNotifications: z.boolean(),
  emailOutbidNotifications: z.boolean(),
  sentStopDate: z.string().nullable(),
});

/** Spec 000 §3 Account, as the token call and GET /api/account answer it. */
export const profile = z.object({
  id: z.string(),
  username: z.string(),
  isLoggedIn: z.literal(true),
  hasTemporaryPassword: z.boolean(),
  roles: z.array(z.object({ role: z.number() })),
  activeUrlMagicLinks: z.array(z.string()),
  activeTrustedUrlMagicLinks: z.array(z.string()),
  // Cards and payment information arrive with the payments issue; the shape is kept for the client.
  paymentInformations: z.array(z.unknown()),
  paymentInformation: z.null(),
  preferredLanguage: z.object({ value: z.number(), code: z.enum(['en', 'fr']), name: z.string() }),
  addressCompleted: z.boolean(),
  bidder,
});

/** POST /api/account/token: the profile with the session's access token. */
export const sessionAnswer = profile.extend(sessionTokens.shape);
/** Registration and the temporary password's reset: logged in with the new profile. */
export const signedInAnswer = sessionAnswer.extend(messagesAnswer.shape);
export const profileSavedAnswer = profile.extend(messagesAnswer.shape);
export const usernameChangedAnswer = messagesAnswer.extend({ loggedOut: z.literal(true) });
export const passwordChangedAnswer = messagesAnswer.extend(sessionTokens.shape);
export const temporaryPasswordAnswer = messagesAnswer.extend({ temporaryPassword: z.string() });
export const validationCodeAnswer = z.object({ phoneNumberValidated: z.boolean(), messages });

/** GET /api/account/get-by-username: registration prefill of an invited person. */
export const invitationPrefill = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  urlMagicLink: z.string(),
});

export const maskedEmailAnswer = messagesAnswer.extend({ email: z.string() });
export const recoveryCodeSentAnswer = messagesAnswer.extend({ username: z.string() });
export const recoveryCodeVerifiedAnswer = messagesAnswer.extend({ token: z.string(), username: z.string() });

/** One organisation's channels for the bidder (spec 000 §2); `id` 0: not chosen yet (both on). */
export const organizationNotification = z.object({
  id: z.number(),
  organization_Id: z.number(),
  organizationName: z.string(),
  smsNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  isCurrent: z.boolean().optional(),
});
export const organizationNotifications = z.array(organizationNotification);
export const organizationNotificationSaved = organizationNotification.extend(messagesAnswer.shape);

/** The general and outbid channels of the notifications and unsubscribe screens. */
export const channels = bidder.pick({
  smsGeneralNotifications: true,
  emailGeneralNotifications: true,
  smsOutbidNotifications: true,
  emailOutbidNotifications: true,
});

/** GET /api/bidder-organization-notifications/by-code/{identity}: the unsubscribe screen's model. */
export const unsubscribeModel = z.object({
  /** An email's signed link: it may only turn notices off (docs/decisions.md). */
  onlyLower: z.boolean(),
  bidder: channels.extend(bidder.pick({ firstName: true, lastName: true, nickName: true }).shape),
  organizationNotifications,
});

/** GET /api/onboarding/on-board-info: what an on-board link already knows of the new bidder. */
export const onBoardInfo = z.object({
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  auctionId: z.number(),
  urlMagicLink: z.string(),
  uniqueCode: z.string(),
});

/** POST /api/onboarding/invite-via-client-app answers text: the client looks for STOP in it. */
export const invitationAnswer = z.string();

/** A 204: nothing in the body. */
export const noContent = z.null().describe('No content');

export type Bidder = z.infer<typeof bidder>;
export type Profile = z.infer<typeof profile>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type OrganizationNotification = z.infer<typeof organizationNotification>;
export type Channels = z.infer<typeof channels>;
export type UnsubscribeModel = z.infer<typeof unsubscribeModel>;
export type OnBoardInfo = z.infer<typeof onBoardInfo>;
