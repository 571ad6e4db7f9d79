import { BidderStatus } from '@auction/contract';
import type { Db, OnboardingInvitationsTable } from '@auction/platform';
import type { Insertable } from 'kysely';
import { admitBidder } from '../authorization/auctionAdmission.ts';

/**
 * Onboarding invitations (spec 000 §2 Invite, §6): the on-board links texted to people, which
 * prefill their registration and are used once. Decorated as `app.invitations`.
 */
export function invitationRepository(db: Db) {
  /** A phone's unused invitations, the newest first. */
  const unusedByPhone = (digits: string) =>
    db
      .selectFrom('onboarding_invitations')
      .where('onboarding_invitations.phone_number', '=', digits)
      .where('onboarding_invitations.registered_user_id', 'is', null)
      .orderBy('onboarding_invitations.id', 'desc');
  return {
    /**
     * The newest unused invitation of a phone, to text its on-board link again when someone logs
     * in with that phone (login.ts): the link goes to the phone, never into the answer.
     */
    pendingByPhone(digits: string) {
      return unusedByPhone(digits)
        .innerJoin('auctions', 'auctions.id', 'onboarding_invitations.auction_id')
        .leftJoin('auction_translations as t', (join) =>
          join.onRef('t.auction_id', '=', 'auctions.id').on('t.language_code', '=', 'fr'),
        )
        .select([
          'onboarding_invitations.unique_code',
          'onboarding_invitations.first_name',
          'onboarding_invitations.phone_number',
          'auctions.url_magic_link',
          't.title_short',
        ])
        .executeTakeFirst();
    },

    /** An invitation by the code of its link, with its auction. */
    byCode(uniqueCode: string) {
      return db
        .selectFrom('onboarding_invitations')
        .innerJoin('auctions', 'auctions.id', 'onboarding_invitations.auction_id')
        .select([
          'onboarding_invitations.id',
          'onboarding_invitations.first_name',
          'onboarding_invitations.last_name',
          'onboarding_invitations.phone_number',
          'onboarding_invitations.registered_user_id',
          'auctions.id as auctionId',
          'auctions.url_magic_link',
        ])
        .where('onboarding_invitations.unique_code', '=', uniqueCode)
        .executeTakeFirst();
    },

    /** The auction an invitation is for, with its French short title (the text names it). */
    auctionToInviteTo(auctionId: number) {
      return db
        .selectFrom('auctions')
        .leftJoin('auction_translations as t', (join) =>
          join.onRef('t.auction_id', '=', 'auctions.id').on('t.language_code', '=', 'fr'),
        )
        .select(['auctions.id', 'auctions.url_magic_link', 't.title_short'])
        .where('auctions.id', '=', auctionId)
        .executeTakeFirst();
    },

    async record(invitation: Insertable<OnboardingInvitationsTable>): Promise<void> {
      await db.insertInto('onboarding_invitations').values(invitation).execute();
    },

    /** An invitation admits someone who already has an account to the auction, private or not. */
    admit: (auctionId: number, userId: string) => admitBidder(db, auctionId, userId, BidderStatus.Invited),
  };
}
export type InvitationRepository = ReturnType<typeof invitationRepository>;
