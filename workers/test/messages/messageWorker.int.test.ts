import { nickNameSkeleton } from '@auction/contract';
import { createMessageQueue, enqueueMessage, type MessageJob, messageJobId } from '@auction/platform';
import { createTestDatabase, type TestDatabase, testPrefix, testRedisUrl } from '@auction/platform/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmailSender } from '../../src/messages/emailSender.ts';
import { createMessageProcessor, type MessageLogEntry } from '../../src/messages/messageWorker.ts';
import { startTestMessaging, TEST_TWILIO, type TestMessaging } from '../../src/testing.ts';
import { enqueuedJob, finishedJob, finishedWithRetries, startLoggedMessageWorker } from './messageJobs.ts';

let database: TestDatabase;
let messaging: TestMessaging;
const logs: MessageLogEntry[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
      original(...args);
    });
  }
  database = await createTestDatabase();
  messaging = await startTestMessaging({
    db: database.db,
    redisUrl: testRedisUrl(),
    prefix: testPrefix(),
    log: (entry) => logs.push(entry),
  });
});
afterAll(async () => {
  await messaging.stop();
  await database.drop();
  vi.restoreAllMocks();
});

type JobFields = Partial<MessageJob> & Pick<MessageJob, 'channel' | 'to' | 'template' | 'params'>;

let counter = 0;
function job(overrides: JobFields): MessageJob {
  counter += 1;
  return { id: `test:${overrides.template}:${counter}`, language: 'en', ...overrides };
}

/** The job enqueued as the product enqueues it, for the file's messages worker. */
async function enqueued(overrides: JobFields): Promise<MessageJob> {
  const message = job(overrides);
  await enqueueMessage(messaging.queue, message);
  return message;
}

async function delivery(messageId: string, until: (status: string) => boolean = (s) => s !== 'sending') {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await database.db
      .selectFrom('message_deliveries')
      .selectAll()
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    if (row && until(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`delivery ${messageId} did not finish (${row?.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function outboxCount(to: string): Promise<number> {
  return (await messaging.outbox.list(to)).length;
}

async function addUser(phone: string, stopped = false): Promise<string> {
  const user = await database.db
    .insertInto('users')
    .values({
      username: `user-${phone}@example.org`,
      password_hash: 'not-a-hash',
      nick_name: `nick-${phone}`,
      nick_name_skeleton: nickNameSkeleton(`nick-${phone}`),
      phone_number: phone,
      sent_stop_date: stopped ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

const link = 'https://auctions.example.org/confirmation-courriel/marie%40example.org?token=secret-token-91c2';

describe('messages worker', () => {
  it('sends an email in the recipient language to the outbox, with the job id', async () => {
    const message = await enqueued({
      channel: 'email',
      to: 'Marie.Tremblay@Example.org',
      language: 'fr',
      template: 'emailConfirmation',
      params: { firstName: 'Marie', link },
    });
    const caught = await messaging.outbox.waitFor('marie.tremblay@example.org', { template: 'emailConfirmation' });
    expect(caught).toMatchObject({
      channel: 'email',
      messageId: message.id,
      from: 'no-reply@auctions.local',
      subject: 'Confirmez votre adresse courriel',
    });
    expect(caught.body).toContain('Bonjour Marie,');
    expect(caught.body).toContain(link);
    expect(caught.html).toContain(`href="${link}"`);
    expect(await delivery(message.id)).toMatchObject({ status: 'sent', channel: 'email', attempts: 1 });
  });

  it('sends an email in English when the job says en', async () => {
    await enqueued({
      channel: 'email',
      to: 'john@example.org',
      language: 'en',
      template: 'passwordChanged',
      params: { firstName: 'John' },
    });
    const caught = await messaging.outbox.waitFor('john@example.org');
    expect(caught.subject).toBe('Your password was changed');
    expect(caught.body).toContain('Hello John,');
  });

  it('sends an SMS through the Twilio SDK to the SMS double, stored under the 10-digit number', async () => {
    const message = await enqueued({
      channel: 'sms',
      to: '5145550111',
      template: 'passwordRecoveryCode',
      params: { code: '482913' },
    });
    const caught = await messaging.outbox.waitFor('5145550111', { template: 'passwordRecoveryCode' });
    expect(caught).toMatchObject({ channel: 'sms', to: '5145550111', from: TEST_TWILIO.from, subject: null });
    expect(caught.body).toContain('482913');
    expect(caught.messageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await delivery(message.id)).toMatchObject({ status: 'sent', detail: caught.messageId });
    expect(await messaging.outbox.waitFor('(514) 555-0111')).toEqual(caught);
  });

  it('sends once when the same id is enqueued twice, or added again under another job id', async () => {
    const message = await enqueued({
      channel: 'sms',
      to: '5145550122',
      template: 'phoneValidationCode',
      params: { code: '700123' },
    });
    await enqueueMessage(messaging.queue, message);
    await delivery(message.id);
    await messaging.queue.add(message.template, message, { jobId: 'the-same-message-again' });
    const again = await finishedJob(messaging.queue, 'the-same-message-again');
    expect(again.returnvalue).toEqual({ status: 'duplicate' });
    expect(await outboxCount('5145550122')).toBe(1);
    expect(await delivery(message.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends once when the same job is processed twice (a redelivery)', async () => {
    // A queue no worker listens to, so the job is processed only by the calls below.
    const idle = createMessageQueue({ connection: { url: testRedisUrl() }, prefix: testPrefix() });
    try {
      const message = job({
        channel: 'email',
        to: 'twice@example.org',
        template: 'passwordRecoveryEmail',
        params: { firstName: 'Twice', link },
      });
      const redelivered = await enqueuedJob(idle, message);
      const email = createEmailSender({ smtpUrl: messaging.local.smtpUrl, from: 'test <t@auctions.local>' });
      const process = createMessageProcessor({ db: database.db, email, log: () => {} });
      expect((await process(redelivered)).status).toBe('sent');
      expect(await process(redelivered)).toEqual({ status: 'duplicate' });
      email.close();
      expect(await outboxCount('twice@example.org')).toBe(1);
    } finally {
      await idle.close();
    }
  });

  it('leaves a message another worker is sending to it, and takes over a claim left by a worker that died', async () => {
    const idle = createMessageQueue({ connection: { url: testRedisUrl() }, prefix: testPrefix() });
    const email = createEmailSender({ smtpUrl: messaging.local.smtpUrl, from: 'test <t@auctions.local>' });
    try {
      const process = createMessageProcessor({ db: database.db, email, log: () => {} });
      const claimed = async (to: string, minutesAgo: number) => {
        const message = job({ channel: 'email', to, template: 'passwordChanged', params: { firstName: 'Claim' } });
        await database.db
          .insertInto('message_deliveries')
          .values({
            message_id: message.id,
            channel: 'email',
            template: message.template,
            status: 'sending',
            attempts: 1,
            updated_at: new Date(Date.now() - minutesAgo * 60_000),
          })
          .execute();
        return { message, queued: await enqueuedJob(idle, message) };
      };

      const fresh = await claimed('busy-claim@example.org', 0);
      await expect(process(fresh.queued)).rejects.toThrow(/being sent by another worker/);
      expect(await delivery(fresh.message.id, () => true)).toMatchObject({ status: 'sending', attempts: 1 });
      expect(await outboxCount('busy-claim@example.org')).toBe(0);

      const stale = await claimed('stale-claim@example.org', 3);
      expect((await process(stale.queued)).status).toBe('sent');
      expect(await delivery(stale.message.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await outboxCount('stale-claim@example.org')).toBe(1);
    } finally {
      email.close();
      await idle.close();
    }
  });

  it('skips a number that replied STOP, and a user with a send stop date', async () => {
    await database.db.insertInto('sms_opt_outs').values({ phone_number: '5145550144' }).execute();
    const toOptedOut = await enqueued({
      channel: 'sms',
      to: '5145550144',
      template: 'phoneValidationCode',
      params: { code: '111222' },
    });
    expect(await delivery(toOptedOut.id)).toMatchObject({ status: 'skipped', detail: 'number opted out (STOP)' });

    const userId = await addUser('5145550155', true);
    const toStoppedUser = await enqueued({
      channel: 'sms',
      to: '5145550155',
      template: 'passwordRecoveryCode',
      params: { code: '333444' },
      userId,
    });
    expect(await delivery(toStoppedUser.id)).toMatchObject({ status: 'skipped', detail: 'user has a send stop date' });
    expect(await outboxCount('5145550144')).toBe(0);
    expect(await outboxCount('5145550155')).toBe(0);
  });

  it('records the opt-out when Twilio answers 21610, and does not retry', async () => {
    const userId = await addUser('5145550166');
    messaging.local.sms.unsubscribeAtTwilio('+15145550166');
    const message = await enqueued({
      channel: 'sms',
      to: '5145550166',
      language: 'fr',
      template: 'onboardingInvite',
      params: { firstName: 'Luc', auctionName: 'Gala', link },
    });
    expect(await delivery(message.id)).toMatchObject({
      status: 'skipped',
      attempts: 1,
      detail: 'unsubscribed recipient (Twilio 21610)',
    });
    const optOut = await database.db
      .selectFrom('sms_opt_outs')
      .selectAll()
      .where('phone_number', '=', '5145550166')
      .execute();
    expect(optOut).toHaveLength(1);
    const user = await database.db
      .selectFrom('users')
      .select('sent_stop_date')
      .where('id', '=', userId)
      .executeTakeFirst();
    expect(user?.sent_stop_date).toBeInstanceOf(Date);
    expect(await outboxCount('5145550166')).toBe(0);
  });

  it('fails a job with a missing param at once, naming the param', async () => {
    const message = await enqueued({
      channel: 'email',
      to: 'nolink@example.org',
      template: 'emailConfirmation',
      params: { firstName: 'X' },
    });
    const row = await delivery(message.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.detail).toMatch(/missing or invalid params: link/);
    const failed = await finishedJob(messaging.queue, messageJobId(message));
    expect(await failed.getState()).toBe('failed');
    expect(failed.attemptsMade).toBe(1);
  });

  it('retries when the SMTP server refuses, then leaves the job failed with a failed delivery', async () => {
    let refusals = 0;
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        refusals += 1;
        callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const address = refusing.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const prefix = testPrefix();
    const queue = createMessageQueue({ connection: { url: testRedisUrl() }, prefix });
    const email = createEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'test <t@auctions.local>' });
    const worker = startLoggedMessageWorker(database.db, email, prefix, logs);
    try {
      const message = job({
        channel: 'email',
        to: 'refused@example.org',
        template: 'temporaryPassword',
        params: { firstName: 'Ref', temporaryPassword: 'Temp-Secret-123', link },
      });
      const failed = await finishedWithRetries(queue, message, 'refused', { type: 'exponential', delay: 50 });
      expect(await failed.getState()).toBe('failed');
      expect(failed.attemptsMade).toBe(3);
      expect(failed.failedReason).toMatch(/451/);
      expect(refusals).toBe(3);
      const row = await delivery(message.id, (s) => s === 'failed');
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      expect(row.detail).toMatch(/Mailbox temporarily unavailable/);
      expect(logs.filter((l) => l.messageId === message.id).map((l) => l.event)).toEqual(['retry', 'retry', 'failed']);
    } finally {
      await worker.close();
      await queue.close();
      email.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('never logs a code, a password, a link or a body', async () => {
    expect(logs.length).toBeGreaterThan(5);
    const logged = JSON.stringify(logs) + consoleLines.join('\n');
    for (const secret of ['482913', '700123', '111222', '333444', 'Temp-Secret-123', 'secret-token-91c2', 'Bonjour']) {
      expect(logged).not.toContain(secret);
    }
    for (const entry of logs) {
      expect(Object.keys(entry).sort()).toEqual(
        expect.arrayContaining(['attempt', 'channel', 'event', 'level', 'messageId', 'template']),
      );
    }
  });
});
