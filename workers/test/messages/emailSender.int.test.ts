import { once } from 'node:events';
import net from 'node:net';
import { createMessageQueue, type LocalMessaging, type MessageJob, startLocalMessaging } from '@auction/platform';
import { createTestDatabase, type TestDatabase, testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailSender, type EmailSender } from '../../src/messages/emailSender.ts';
import type { MessageLogEntry } from '../../src/messages/messageWorker.ts';
import { finishedWithRetries, startLoggedMessageWorker } from './messageJobs.ts';

/**
 * A TCP proxy in front of the local SMTP catcher that counts the connections it carries and can
 * cut them: a server or a network dropping pooled connections, idle or in the middle of a message.
 */
interface CuttingProxy {
  url: string;
  /** Connections opened through the proxy so far. */
  readonly opened: number;
  /** Cuts every open connection now. */
  cutAll(): void;
  /** Cuts the connection carrying the next message whose data contains `marker`, before the server gets it. */
  cutWhenSent(marker: string): void;
  close(): Promise<void>;
}

async function startCuttingProxy(target: string): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let opened = 0;
  const markers = new Set<string>();
  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(Number(port), hostname);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    open.add(client);
    client.on('close', () => {
      open.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      for (const marker of markers) {
        if (!text.includes(marker)) continue;
        markers.delete(marker);
        cut();
        return;
      }
      upstream.write(chunk);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    get opened() {
      return opened;
    },
    cutAll() {
      for (const socket of open) socket.destroy();
    },
    cutWhenSent(marker) {
      markers.add(marker);
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let database: TestDatabase;
let local: LocalMessaging;
let proxy: CuttingProxy;
let email: EmailSender;

beforeAll(async () => {
  database = await createTestDatabase();
  local = await startLocalMessaging({ db: database.db });
  proxy = await startCuttingProxy(local.smtpUrl);
  email = createEmailSender({
    smtpUrl: proxy.url,
    from: 'Charity auctions <no-reply@auctions.local>',
    maxConnections: 2,
  });
});
afterAll(async () => {
  email.close();
  await proxy.close();
  await local.stop();
  await database.drop();
});

let counter = 0;
function outgoing(to: string) {
  counter += 1;
  return { messageId: `pool:${counter}`, to, subject: `Message ${counter}`, text: 'Hello', html: '<p>Hello</p>' };
}

async function caught(messageId: string): Promise<number> {
  const rows = await database.db
    .selectFrom('outbox_messages')
    .select('id')
    .where('message_id', '=', messageId)
    .execute();
  return rows.length;
}

describe('pooled email sender', () => {
  it('sends many messages over a few kept connections', async () => {
    const before = proxy.opened;
    const sent = Array.from({ length: 30 }, (_, i) => outgoing(`pooled-${i}@example.org`));
    await Promise.all(sent.map((message) => email.send(message)));
    // Sequential sends reuse an open connection too.
    for (let i = 0; i < 5; i++) await email.send(outgoing('one-by-one@example.org'));
    expect(proxy.opened - before).toBeLessThanOrEqual(2);
    for (const message of sent) expect(await caught(message.messageId)).toBe(1);
  });

  it('opens a new connection when the kept ones were dropped while idle', async () => {
    await email.send(outgoing('before-drop@example.org'));
    const before = proxy.opened;
    proxy.cutAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = outgoing('after-drop@example.org');
    await email.send(after);
    expect(proxy.opened).toBeGreaterThan(before);
    expect(await caught(after.messageId)).toBe(1);
  });

  it('fails the send whose connection drops in the middle of the message, and the next send works', async () => {
    const victim = outgoing('victim@example.org');
    proxy.cutWhenSent(victim.messageId);
    await expect(email.send(victim)).rejects.toThrow();
    expect(await caught(victim.messageId)).toBe(0);
    const next = outgoing('next@example.org');
    await email.send(next);
    expect(await caught(next.messageId)).toBe(1);
  });
});

describe('messages worker on the pooled sender', () => {
  let queue: Queue<MessageJob>;
  const logs: MessageLogEntry[] = [];

  beforeAll(() => {
    queue = createMessageQueue({ connection: { url: testRedisUrl() }, prefix: testPrefix() });
  });
  afterAll(async () => {
    await queue.close();
  });

  it('retries a message whose connection dropped mid-send, then sends it once', async () => {
    const prefix = (queue.opts.prefix as string | undefined) ?? '';
    const worker = startLoggedMessageWorker(database.db, email, prefix, logs);
    try {
      const message: MessageJob = {
        id: 'pool:dropped-mid-send',
        channel: 'email',
        to: 'dropped@example.org',
        language: 'en',
        template: 'passwordChanged',
        params: { firstName: 'Drop' },
      };
      proxy.cutWhenSent(message.id);
      const done = await finishedWithRetries(queue, message, 'dropped', { type: 'fixed', delay: 50 });
      expect(await done.getState()).toBe('completed');
      expect(logs.filter((l) => l.messageId === message.id).map((l) => l.event)).toEqual(['retry', 'sent']);
      const row = await database.db
        .selectFrom('message_deliveries')
        .selectAll()
        .where('message_id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await caught(message.id)).toBe(1);
    } finally {
      await worker.close();
    }
  });
});
