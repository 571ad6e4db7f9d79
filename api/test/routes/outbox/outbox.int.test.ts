import type { TestDatabase } from '@auction/platform/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkify } from '../../../src/outbox/outboxPage.ts';
import { useTestApp } from '../../useTestApp.ts';

const test = useTestApp({ demo: false, app: { localOutbox: true } });
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  ({ app, database } = test);
  await database.db
    .insertInto('outbox_messages')
    .values([
      {
        channel: 'email',
        message_id: 'emailConfirmation:1',
        from_address: 'no-reply@auctions.local',
        to_address: 'Marie@Example.org',
        subject: 'Confirmez <votre> adresse',
        body: 'Bonjour Marie,\n\nOuvrez https://auctions.example.org/confirmation-courriel/marie?token=a&b=1.\n',
        html: '<p>html</p>',
      },
      {
        channel: 'sms',
        message_id: 'SM0123',
        from_address: '+15145550100',
        to_address: '5145550111',
        subject: null,
        body: 'Your code is 123456. <script>alert(1)</script>',
        html: null,
      },
    ])
    .execute();
});

describe('GET /api/dev/outbox', () => {
  it('lists the caught messages, newest first', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const messages = response.json() as Array<{ channel: string; to: string; receivedAt: string }>;
    expect(messages.map((m) => m.to)).toEqual(['5145550111', 'Marie@Example.org']);
    expect(messages[0]).toMatchObject({ channel: 'sms', messageId: 'SM0123', from: '+15145550100', subject: null });
    expect(Number.isNaN(Date.parse(messages[0]?.receivedAt ?? ''))).toBe(false);
  });

  it('filters by address: email in any case, phone in any usual form', async () => {
    const byEmail = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=marie%40example.ORG' });
    expect((byEmail.json() as unknown[]).length).toBe(1);
    const byPhone = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent('(514) 555-0111')}`,
    });
    expect(byPhone.json()).toMatchObject([{ to: '5145550111' }]);
    const nobody = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody%40example.org' });
    expect(nobody.json()).toEqual([]);
  });

  it('refuses an unreasonable query', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${'x'.repeat(400)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'validation_failed' });
  });
});

describe('GET /outbox', () => {
  it('is a page listing the messages with clickable links and everything escaped', async () => {
    const response = await app.inject({ method: 'GET', url: '/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const page = response.body;
    expect(page.indexOf('5145550111')).toBeLessThan(page.indexOf('Marie@Example.org'));
    expect(page).toContain(
      '<a href="https://auctions.example.org/confirmation-courriel/marie?token=a&amp;b=1">https://auctions.example.org/confirmation-courriel/marie?token=a&amp;b=1</a>.',
    );
    expect(page).toContain('Confirmez &lt;votre&gt; adresse');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('shows only one address with ?to=', async () => {
    const page = (await app.inject({ method: 'GET', url: '/outbox?to=5145550111' })).body;
    expect(page).toContain('Your code is 123456.');
    expect(page).not.toContain('Marie@Example.org');
  });
});

describe('linkify', () => {
  it('links http(s) addresses only and escapes the rest', () => {
    expect(linkify('a <b> javascript:alert(1) http://x.test/a?b="c"')).toBe(
      'a &lt;b&gt; javascript:alert(1) <a href="http://x.test/a?b=">http://x.test/a?b=</a>&quot;c&quot;',
    );
  });
});
