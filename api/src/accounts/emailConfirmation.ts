import type { Language } from '@auction/contract';
import { issueCode } from './accountCodes.ts';
import { type AccountContext, sendAccountMessage } from './accountContext.ts';

/** Whose address is to be confirmed: the account, the address (its username) and how to greet them. */
export interface ConfirmationRecipient {
  userId: string;
  email: string;
  firstName: string;
  language: Language;
}

/**
 * Issues a new email confirmation token and emails its link to the address to confirm: a new
 * account's, a changed username's, or one asked again from the confirmation page.
 */
export async function sendEmailConfirmation(context: AccountContext, recipient: ConfirmationRecipient): Promise<void> {
  const { userId, email, firstName, language } = recipient;
  const token = await issueCode(context.db, userId, 'emailConfirmation');
  await sendAccountMessage(context, {
    channel: 'email',
    to: email,
    language,
    template: 'emailConfirmation',
    params: { firstName, link: context.links.emailConfirmation(language, email, token) },
    userId,
  });
}
