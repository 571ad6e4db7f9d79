import type { Language } from '@auction/contract';
import { type AccountContext, sendAccountMessage } from './accountContext.ts';

/**
 * The text that carries an invitation (spec 000 §2 Invite): a newcomer gets the on-board link of
 * the invitation's code, which only this text ever reveals (it stands for holding the phone at
 * registration); someone with an account gets the auction's own link. Sent when staff invite
 * someone, and again when the invitee logs in with the phone before registering. The callers
 * check STOP first: the invite answers it, the login says nothing.
 */
export function textInvitation(
  context: AccountContext,
  invitation: {
    to: string;
    language: Language;
    firstName: string;
    auctionName: string;
    urlMagicLink: string;
    /** The invitation's code, for a newcomer. */
    uniqueCode?: string;
    /** The invited account, when the phone belongs to one. */
    userId?: string;
  },
): Promise<void> {
  const { links } = context;
  const { to, language, uniqueCode, userId } = invitation;
  return sendAccountMessage(context, {
    channel: 'sms',
    to,
    language,
    template: 'onboardingInvite',
    params: {
      firstName: invitation.firstName,
      auctionName: invitation.auctionName,
      link:
        uniqueCode === undefined
          ? links.auction(language, invitation.urlMagicLink)
          : links.onboard(language, uniqueCode),
    },
    ...(userId === undefined ? {} : { userId }),
  });
}
