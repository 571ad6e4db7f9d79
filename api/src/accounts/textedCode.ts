import type { Language } from '@auction/contract';
import { smsStopReason } from '@auction/platform';
import { HttpError } from '../errors.ts';
import { issueCode } from './accountCodes.ts';
import { type AccountContext, sendAccountMessage } from './accountContext.ts';

/** The codes an account is texted, with the message that carries each. */
const TEXTS = {
  recoveryCode: 'passwordRecoveryCode',
  phoneValidation: 'phoneValidationCode',
} as const;

/**
 * Issues a new six-digit code (password recovery, phone validation) and texts it to the account's
 * number; a number that replied STOP, or whose account has a send stop date, is refused with 409
 * `user_has_send_stop_date` before any code is made.
 */
export async function textAccountCode(
  context: AccountContext,
  purpose: keyof typeof TEXTS,
  to: { userId: string; phone: string; language: Language },
): Promise<void> {
  if ((await smsStopReason(context.db, to.phone)) !== null) throw new HttpError(409, 'user_has_send_stop_date');
  // A phone validation code confirms the number it was texted to, and no other (accountCodes.ts).
  const boundTo = purpose === 'phoneValidation' ? to.phone : undefined;
  const code = await issueCode(context.db, to.userId, purpose, { boundTo });
  await sendAccountMessage(context, {
    channel: 'sms',
    to: to.phone,
    language: to.language,
    template: TEXTS[purpose],
    params: { code },
    userId: to.userId,
  });
}
