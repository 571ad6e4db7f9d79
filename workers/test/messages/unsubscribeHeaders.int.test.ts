import { nickNameSkeleton } from '@auction/contract';
import { type MessageJob, unsubscribeKey, verifyUnsubscribeToken } from '@auction/platform';
import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '../../src/messages/emailSender.ts';
import { createMessageProcessor } from '../../src/messages/messageWorker.ts';

let database: TestDatabase;
let userId: string;
const key = unsubscribeKey('a-test-secret-of-at-least-thirty-two-characters');
const sent: OutgoingEmail[] = [];
const email = {
  send: async (message: OutgoingEmail) => {
    sent.push(message);
    return `<${message.messageId}@test>`;
  },
  close: () => {},
};

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await database.db
    .insertInto('users')
    .values({
      username: 'Lea.Roy@example.org',
      password_hash: 'x',
      nick_name: 'LeaRoy',
      nick_name_skeleton: nickNameSkeleton('LeaRoy'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(async () => {
  await database.drop();
});

let counter = 0;
async function send(overrides: Partial<MessageJob>): Promise<OutgoingEmail> {
  counter += 1;
  const data: MessageJob = {
    id: `test:unsubscribe:${counter}`,
    channel: 'email',
    to: 'lea.roy@example.org',
    language: 'fr',
    template: 'passwordChanged',
    params: { firstName: 'Léa' },
    ...overrides,
  };
  const process = createMessageProcessor({
    db: database.db,
    email,
    unsubscribe: { key, publicUrl: 'https://encans.example/' },
    log: () => {},
  });
  await process({ id: data.id, name: data.template, data, attemptsMade: 0, opts: {} } as unknown as Job<MessageJob>);
  const last = sent.at(-1);
  if (!last || last.messageId !== data.id) throw new Error('not sent');
  return last;
}

describe('unsubscribe in every email (RFC 8058)', () => {
  it('puts List-Unsubscribe and List-Unsubscribe-Post on the email, and the page link in both bodies, for the recipient account', async () => {
    const mail = await send({});
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<https:\/\/encans\.example\/api\/unsubscribe\/one-click\?token=([^>]+)>$/.exec(
      mail.headers?.['List-Unsubscribe'] ?? '',
    );
    expect(header).not.toBeNull();
    expect(verifyUnsubscribeToken(key, decodeURIComponent(header?.[1] ?? ''))).toEqual({
      userId,
      organizationId: null,
    });
    expect(mail.text).toContain(
      'Pour ne plus recevoir ces courriels, désabonnez-vous\u00a0:\nhttps://encans.example/desabonnement?identity=',
    );
    expect(mail.html).toContain('href="https://encans.example/desabonnement?identity=');
  });

  it("scopes the link to the job's organisation and writes it in the job's language", async () => {
    const mail = await send({ userId, organizationId: 42, language: 'en' });
    const token = decodeURIComponent(/identity=(\S+)/.exec(mail.text)?.[1] ?? '');
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId, organizationId: 42 });
    expect(mail.text).toContain(
      'To stop receiving these emails, unsubscribe:\nhttps://encans.example/en/unsubscribe?identity=',
    );
  });

  it('sends an email to an address without an account with neither link nor headers', async () => {
    const mail = await send({ to: 'someone.else@example.org' });
    expect(mail.headers).toBeUndefined();
    expect(mail.text).not.toContain('unsubscribe');
  });
});
