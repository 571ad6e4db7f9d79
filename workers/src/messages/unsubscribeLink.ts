import { type Db, type MessageJob, signUnsubscribeToken, unsubscribeLinks } from '@auction/platform';

export interface UnsubscribeSettings {
  /** `unsubscribeKey(appSecret)`: the same key the API checks the links with. */
  key: Buffer;
  /** The site's address the links lead to. */
  publicUrl: string;
}

/** RFC 8058: a mail client may unsubscribe with one POST of `List-Unsubscribe=One-Click` to the URL. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The unsubscribe links of an email: for the job's user (or the account with the recipient's email
 * as username), scoped to the job's organisation when it has one, else to the user's email notices
 * in general. An address with no account (an invoice sent to someone else) has nothing to
 * unsubscribe from: null.
 */
export async function unsubscribeLinksFor(
  db: Db,
  settings: UnsubscribeSettings,
  message: Pick<MessageJob, 'to' | 'userId' | 'organizationId' | 'language'>,
): Promise<{ page: string; oneClick: string } | null> {
  const userId = message.userId ?? (await userIdByEmail(db, message.to));
  if (!userId || !/^[0-9a-f-]{36}$/.test(userId)) return null;
  const token = signUnsubscribeToken(settings.key, { userId, organizationId: message.organizationId ?? null });
  return unsubscribeLinks(settings.publicUrl, message.language, token);
}

async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
