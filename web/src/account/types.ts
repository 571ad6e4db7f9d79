export interface Bidder {
  firstName: string;
  lastName: string;
  business: string | null;
  nickName: string;
  email: string;
  phoneNumber: string | null;
  phoneNumberConfirmed: boolean;
  preferredLanguage: 'en' | 'fr';
  preferredCurrencyCode: 'CAD' | 'USD';
  address: string | null;
  apartment: string | null;
  city: string | null;
  postalCode: string | null;
  province: string | null;
  provinceEnum: number | null;
  country: string | null;
  addressCompleted: boolean;
  smsGeneralNotifications: boolean;
  emailGeneralNotifications: boolean;
  smsOutbidNotifications: boolean;
  emailOutbidNotifications: boolean;
  sentStopDate: string | null;
}

/** Spec 000 §3 Account, as the token call and GET /api/account answer it. */
export interface Profile {
  id: string;
  username: string;
  hasTemporaryPassword: boolean;
  roles: Array<{ role: number }>;
  activeUrlMagicLinks: string[];
  activeTrustedUrlMagicLinks: string[];
  paymentInformations: unknown[];
  addressCompleted: boolean;
  preferredLanguage: { value: number; code: 'en' | 'fr'; name: string };
  bidder: Bidder;
}

/** The session's access token with the profile; the refresh token came as an httpOnly cookie. */
export interface SessionAnswer extends Profile {
  token: string;
}

/** One organisation's notification channels for the user (spec 000 §2); `id` 0 is not saved yet. */
export interface OrganizationNotification {
  id: number;
  organization_Id: number;
  organizationName: string;
  smsNotifications: boolean;
  emailNotifications: boolean;
  isCurrent?: boolean;
}

/** The general and outbid channels of the notifications and unsubscribe screens. */
export type Channels = Pick<
  Bidder,
  'smsGeneralNotifications' | 'emailGeneralNotifications' | 'smsOutbidNotifications' | 'emailOutbidNotifications'
>;

/** GET /api/bidder-organization-notifications/by-code/{identity}: the unsubscribe screen's model. */
export interface UnsubscribeModel {
  bidder: Channels & { firstName: string };
  organizationNotifications: OrganizationNotification[];
}

/** GET /api/onboarding/on-board-info: what an on-board link already knows of the new bidder. */
export interface Prefill {
  userName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  auctionId?: number | null;
  urlMagicLink?: string | null;
}

/** A JSON Patch `add` of one profile field (PATCH /api/account). */
export interface ProfileOperation {
  op: string;
  path: string;
  value: unknown;
}
