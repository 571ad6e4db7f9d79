import { randomBytes } from 'node:crypto';
import { BidderStatus, WalkInOutcome } from '@auction/contract';
import { smsStopReason } from '@auction/platform';
import { type AccountContext, sendAccountMessage } from '../accounts/accountContext.ts';
import type { InvitationRepository } from '../accounts/invitationRepository.ts';
import { hashPassword } from '../accounts/passwordHashing.ts';
import { DEFAULT_ROLES } from '../accounts/roles.ts';
import { makeTemporaryPassword } from '../accounts/temporaryPassword.ts';
import { type UserRepository, uniqueViolation } from '../accounts/userRepository.ts';
import type { Authorization } from '../authorization/authorizationService.ts';
import { HttpError } from '../errors.ts';
import type { GuestRepository } from './guestRepository.ts';

export interface WalkIn {
  firstName: string;
  lastName: string;
  email?: string | undefined;
  /** Ten digits. */
  phoneNumber?: string | undefined;
  language: 'en' | 'fr';
}

export interface WalkInResult {
  outcome: WalkInOutcome;
  userId: string | null;
}

/**
 * A guest who was not on the list, registered at the door in a few taps (docs/console.md
 * "Check-in"): the flows that exist, chosen by what the guest gives.
 *
 * - An account with that email or phone exists: it is admitted to the auction (a Locked bidder
 *   stays locked and is refused by the caller).
 * - New, with an email: an account is made with a temporary password emailed there (the account
 *   flow of spec 000: the first sign-in asks for a new password). Signing in needs the emailed
 *   password, which proves the address, so the email counts as confirmed.
 * - New, with only a phone: the onboarding invitation is texted (the registration link,
 *   prefilled), unless the number replied STOP.
 */
/** How many names a walk-in's account is tried under when others take them as it is written. */
const NICKNAME_ATTEMPTS = 3;

/** Within this time, a walk-in invited by SMS again is not texted twice. */
const REPEAT_INVITATION_MS = 10 * 60_000;

export function walkIns(deps: {
  guests: GuestRepository;
  users: UserRepository;
  invitations: InvitationRepository;
  authorization: Authorization;
  accounts: AccountContext;
}) {
  const { guests, users, invitations, authorization, accounts } = deps;

  async function existing(walkIn: WalkIn) {
    const byEmail = walkIn.email ? await users.byUsername(walkIn.email) : undefined;
    if (byEmail) return byEmail;
    return walkIn.phoneNumber ? users.byPhone(walkIn.phoneNumber) : undefined;
  }

  /** The displayed bidder name must be unique: the name, then the name and a number. */
  async function freeNickName(walkIn: WalkIn): Promise<string> {
    const base = `${walkIn.firstName} ${walkIn.lastName.slice(0, 1)}.`.slice(0, 40);
    if (await users.isNickNameFree(base)) return base;
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = `${base} ${randomBytes(2).readUInt16BE(0) % 1000}`;
      if (await users.isNickNameFree(candidate)) return candidate;
    }
    return `${base} ${randomBytes(4).toString('hex')}`;
  }

  async function createWithEmail(auctionId: number, walkIn: WalkIn & { email: string }): Promise<string> {
    const phoneFree = walkIn.phoneNumber ? await users.isPhoneFree(walkIn.phoneNumber) : false;
    const temporaryPassword = makeTemporaryPassword();
    const userId = await users.create(
      {
        username: walkIn.email,
        password_hash: await hashPassword(temporaryPassword),
        has_temporary_password: true,
        email_confirmed: true,
        first_name: walkIn.firstName,
        last_name: walkIn.lastName,
        nick_name: await freeNickName(walkIn),
        phone_number: phoneFree ? (walkIn.phoneNumber ?? null) : null,
        preferred_language: walkIn.language,
        roles: [...DEFAULT_ROLES],
        sms_general_notifications: false,
        sms_outbid_notifications: false,
        email_general_notifications: true,
        email_outbid_notifications: true,
      },
      {},
    );
    await authorization.admitBidder(auctionId, userId, BidderStatus.Invited);
    await sendAccountMessage(accounts, {
      channel: 'email',
      to: walkIn.email,
      language: walkIn.language,
      template: 'temporaryPassword',
      params: { firstName: walkIn.firstName, temporaryPassword, link: accounts.links.login(walkIn.language) },
      userId,
    });
    return userId;
  }

  async function inviteByPhone(auctionId: number, walkIn: WalkIn & { phoneNumber: string }, by: string) {
    if ((await smsStopReason(accounts.db, walkIn.phoneNumber)) !== null) return WalkInOutcome.Stop;
    // A second tap, or a retry after a lost answer: the text already sent is enough.
    if (await guests.recentlyInvited(auctionId, walkIn.phoneNumber, REPEAT_INVITATION_MS)) return WalkInOutcome.Invited;
    const auction = await invitations.auctionToInviteTo(auctionId);
    if (!auction) throw new HttpError(404, 'auction_not_found');
    const uniqueCode = randomBytes(12).toString('base64url');
    await invitations.record({
      unique_code: uniqueCode,
      phone_number: walkIn.phoneNumber,
      first_name: walkIn.firstName,
      last_name: walkIn.lastName,
      auction_id: auctionId,
      invited_by: by,
      registered_user_id: null,
    });
    await sendAccountMessage(accounts, {
      channel: 'sms',
      to: walkIn.phoneNumber,
      language: walkIn.language,
      template: 'onboardingInvite',
      params: {
        firstName: walkIn.firstName,
        auctionName: auction.title_short ?? auction.url_magic_link,
        link: accounts.links.onboard(walkIn.language, uniqueCode),
      },
    });
    return WalkInOutcome.Invited;
  }

  return {
    async register(auctionId: number, walkIn: WalkIn, by: string): Promise<WalkInResult> {
      const found = await existing(walkIn);
      if (found) {
        if (found.disabled) throw new HttpError(409, 'user_disabled');
        await authorization.admitBidder(auctionId, found.id, BidderStatus.Invited);
        return { outcome: WalkInOutcome.Found, userId: found.id };
      }
      if (walkIn.email) {
        for (let attempt = 1; ; attempt++) {
          try {
            const userId = await createWithEmail(auctionId, { ...walkIn, email: walkIn.email });
            return { outcome: WalkInOutcome.Created, userId };
          } catch (error) {
            const violation = uniqueViolation(error);
            // A double tap or two volunteers at once: the other request created the account first.
            const raced = violation ? await existing(walkIn) : undefined;
            if (raced) {
              await authorization.admitBidder(auctionId, raced.id, BidderStatus.Invited);
              return { outcome: WalkInOutcome.Found, userId: raced.id };
            }
            // Another guest's account took the name chosen between its check and the write (two
            // Marie L. at two doors): the volunteer did not choose it, so another is chosen.
            if (violation?.includes('nick')) {
              if (attempt < NICKNAME_ATTEMPTS) continue;
              throw new HttpError(409, 'unique_nickname');
            }
            throw error;
          }
        }
      }
      if (!walkIn.phoneNumber) throw new HttpError(400, 'phone_or_email_required');
      return {
        outcome: await inviteByPhone(auctionId, { ...walkIn, phoneNumber: walkIn.phoneNumber }, by),
        userId: null,
      };
    },
  };
}

export type WalkIns = ReturnType<typeof walkIns>;
