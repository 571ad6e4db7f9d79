import {
  createMessageQueue,
  type Db,
  generateVapidKeys,
  type LocalMessaging,
  listOutbox,
  type MessageJob,
  type OutboxMessage,
  type PushServiceDouble,
  startLocalMessaging,
  startPushServiceDouble,
  type VapidKeys,
} from '@auction/platform';
import type { Queue, Worker } from 'bullmq';
import { createEmailSender } from './messages/emailSender.ts';
import { type DeliveryOutcome, type MessageLogger, startMessageWorker } from './messages/messageWorker.ts';
import { createSmsSender } from './messages/smsSender.ts';
import type { UnsubscribeSettings } from './messages/unsubscribeLink.ts';
import { createPushSender } from './push/pushSender.ts';

export interface TestOutbox {
  /**
   * The newest message to this address (email in any case, or phone number), waiting for it to
   * arrive. `template` keeps only messages a job of that template sent; `afterId` only messages
   * newer than an outbox id seen before.
   */
  waitFor(to: string, opts?: { template?: string; timeoutMs?: number; afterId?: number }): Promise<OutboxMessage>;
  /** Newest first. */
  list(to?: string): Promise<OutboxMessage[]>;
}

export interface TestMessaging {
  queue: Queue<MessageJob>;
  worker: Worker<MessageJob, DeliveryOutcome>;
  /** The SMTP catcher and the SMS double (e.g. `local.sms.unsubscribeAtTwilio(phone)`). */
  local: LocalMessaging;
  outbox: TestOutbox;
  /** The local push service: `push.subscribe()` makes a browser subscription, `push.received()` what reached it. */
  push: PushServiceDouble;
  /** The VAPID keys the worker signs pushes with. */
  vapid: VapidKeys;
  stop(): Promise<void>;
}

export interface TestMessagingOptions {
  db: Db;
  redisUrl: string;
  /** BullMQ prefix of the test file (testPrefix()). */
  prefix: string;
  /** Where the worker logs; silent by default. */
  log?: MessageLogger;
  /** Sign unsubscribe links in emails (with the test app's secret, so its API accepts them). */
  unsubscribe?: UnsubscribeSettings;
}

export const TEST_TWILIO = { accountSid: 'AC-test', authToken: 'test-token', from: '+15145550100' } as const;

/**
 * Email and SMS for a test: the local catchers on the test's database, a messages queue and its
 * worker under the test's prefix. What the product sends can then be read back with `outbox`.
 */
export async function startTestMessaging(options: TestMessagingOptions): Promise<TestMessaging> {
  const local = await startLocalMessaging({ db: options.db });
  const email = createEmailSender({ smtpUrl: local.smtpUrl, from: 'Charity Auctions <no-reply@auctions.local>' });
  const sms = createSmsSender({ ...TEST_TWILIO, apiUrl: local.twilioApiUrl });
  const push = await startPushServiceDouble();
  const vapid = { ...generateVapidKeys(), subject: 'mailto:tests@auctions.local' };
  const connection = { url: options.redisUrl };
  const queue = createMessageQueue({ connection, prefix: options.prefix });
  const worker = startMessageWorker({
    db: options.db,
    email,
    sms,
    push: createPushSender(vapid),
    connection,
    prefix: options.prefix,
    log: options.log ?? (() => {}),
    ...(options.unsubscribe ? { unsubscribe: options.unsubscribe } : {}),
  });
  await worker.waitUntilReady();

  const outbox: TestOutbox = {
    async waitFor(to, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? 10_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [found] = await listOutbox(options.db, {
          to,
          limit: 1,
          ...(opts.template !== undefined ? { template: opts.template } : {}),
          ...(opts.afterId !== undefined ? { afterId: opts.afterId } : {}),
        });
        if (found) return found;
        if (Date.now() > deadline) {
          const what = opts.template ? ` (template ${opts.template})` : '';
          throw new Error(`no message to ${to}${what} arrived within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    list: (to) => listOutbox(options.db, to === undefined ? {} : { to }),
  };

  return {
    queue,
    worker,
    local,
    outbox,
    push,
    vapid,
    async stop() {
      await worker.close();
      await queue.close();
      email.close();
      await local.stop();
      await push.stop();
    },
  };
}
