import type { Db, MessageJob } from '@auction/platform';
import { InvalidMessageError, renderPush } from '../messages/templates.ts';
import type { PushSender } from './pushSender.ts';

export type PushOutcome = { status: 'sent'; providerId: string } | { status: 'skipped'; reason: string };

/**
 * A push job (`to` is the user's id): the notice, in the job's language, to each browser the user
 * subscribed. A browser the push service says is gone (404/410) is deleted, so it is not tried
 * again. A failure of any other kind throws, and the job is retried for every browser: a device
 * may then show the notice twice, which the Topic header and the notification's tag (one per lot)
 * mostly absorb.
 */
export async function deliverPush(db: Db, sender: PushSender | undefined, message: MessageJob): Promise<PushOutcome> {
  if (!/^[0-9a-f-]{36}$/i.test(message.to)) throw new InvalidMessageError('the recipient is not a user id');
  const content = renderPush(message);
  const targets = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', message.to)
    .execute();
  if (targets.length === 0) return { status: 'skipped', reason: 'no browser subscribed' };
  if (!sender) throw new Error('Web Push is not configured (VAPID keys)');
  const notice = {
    title: content.title,
    body: content.body,
    url: content.link,
    // A lot's newer notice replaces an unseen older one; each announcement stands on its own.
    tag: message.params.lotNumber === undefined ? message.id : `lot-${message.params.lotNumber}-${message.template}`,
  };
  let sent = 0;
  for (const target of targets) {
    if ((await sender.send(target, notice)) === 'sent') {
      sent += 1;
      continue;
    }
    await db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
  }
  if (sent === 0) return { status: 'skipped', reason: 'every subscribed browser is gone' };
  return { status: 'sent', providerId: `${sent} browser${sent > 1 ? 's' : ''}` };
}
