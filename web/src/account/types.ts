import type { OnBoardInfo } from '@auction/contract';

/**
 * The account's answers as the API sends them, inferred from the contract's schemas
 * (contract/src/account.ts): Bidder (spec 000 §3), Profile (the token call and GET /api/account),
 * SessionAnswer (the profile with the access token; the refresh token is an httpOnly cookie),
 * OrganizationNotification (`id` 0: not saved yet), Channels (the general and outbid channels) and
 * UnsubscribeModel (the unsubscribe screen's).
 */
export type {
  AddressDetails,
  AddressSuggestion,
  Bidder,
  Channels,
  OrganizationNotification,
  Profile,
  SessionAnswer,
  UnsubscribeModel,
} from '@auction/contract';

/** GET /api/onboarding/on-board-info (or nothing known yet): what the registration form starts from. */
export type Prefill = Partial<OnBoardInfo>;

/** A JSON Patch `add` of one profile field (PATCH /api/account). */
export interface ProfileOperation {
  op: string;
  path: string;
  value: unknown;
}
