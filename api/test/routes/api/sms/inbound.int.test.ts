import { nickNameSkeleton } from '@auction/contract';
import { freePort, type SmsDouble, startSmsDouble, twilioSignature } from '@auction/platform';
import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../../../src/errors.ts';
import type { ApiSettings } from '../../../../src/infrastructure.ts';
import smsInbound from '../../../../src/routes/api/sms/inbound.ts';

let database: TestDatabase;
let signed: FastifyInstance;
let tokenless: FastifyInstance;
let listening: FastifyInstance;
let double: SmsDouble;
const TOKEN = 'twilio-auth-token-for-tests';
const PUBLIC_URL = 'https://auctions.example.org';

/** The webhook alone, on an instance carrying what it reads (the database, the settings) and the API's error answers. */
async function smsApp(settings: Partial<ApiSettings>): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('db', database.db);
  app.decorate('settings', settings as ApiSettings);
  await app.register(smsInbound);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  signed = await smsApp({ twilioAuthToken: TOKEN, publicUrl: PUBLIC_URL });
  tokenless = await smsApp({});
  // As under npm start: the SMS double and the API share the double's token.
  double = await startSmsDouble({ db: database.db, port: await freePort() });
  const port = await freePort();
  listening = await smsApp({ twilioAuthToken: double.authToken, publicUrl: `http://localhost:${port}` });
  await listening.listen({ port, host: '127.0.0.1' });
  double.setInboundWebhook(`http://localhost:${port}/api/sms/inbound`, {
    via: `http://127.0.0.1:${port}/api/sms/inbound`,
  });
});
afterAll(async () => {
  await signed.close();
  await tokenless.close();
  await listening.close();
  await double.stop();
  await database.drop();
});

const sign = (params: Record<string, string>) => ({
  'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/inbound`, params),
});

function inbound(target: FastifyInstance, params: Record<string, string>, headers: Record<string, string> = {}) {
  return target.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(params).toString(),
  });
}

/** A genuine Twilio call: signed with the token. */
function twilioCall(params: Record<string, string>) {
  return inbound(signed, params, sign(params));
}

function twilioParams(from: string, body: string): Record<string, string> {
  return {
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    MessageSid: 'SM0123456789abcdef0123456789abcdef',
    From: from,
    To: '+15145550100',
    Body: body,
    NumMedia: '0',
  };
}

async function addUser(phone: string): Promise<string> {
  const user = await database.db
    .insertInto('users')
    .values({
      username: `u${phone}@example.org`,
      password_hash: 'x',
      nick_name: `n${phone}`,
      nick_name_skeleton: nickNameSkeleton(`n${phone}`),
      phone_number: phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

async function state(phone: string) {
  const optOut = await database.db
    .selectFrom('sms_opt_outs')
    .select('phone_number')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  const user = await database.db
    .selectFrom('users')
    .select('sent_stop_date')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  return { optedOut: Boolean(optOut), sentStopDate: user?.sent_stop_date ?? null };
}

describe('POST /api/sms/inbound', () => {
  it('STOP records the opt-out and the user send stop date; START lifts both', async () => {
    await addUser('5145550201');
    const stop = await twilioCall(twilioParams('+15145550201', ' stop '));
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const stopped = await state('5145550201');
    expect(stopped.optedOut).toBe(true);
    expect(stopped.sentStopDate).toBeInstanceOf(Date);

    expect((await twilioCall(twilioParams('+15145550201', 'STOP'))).statusCode).toBe(200);

    expect((await twilioCall(twilioParams('+15145550201', 'Start'))).statusCode).toBe(200);
    expect(await state('5145550201')).toEqual({ optedOut: false, sentStopDate: null });
  });

  it('records every opt-out keyword, also for a number without an account', async () => {
    const words = ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit'];
    for (const [i, word] of words.entries()) {
      const phone = `51455503${String(i).padStart(2, '0')}`;
      await twilioCall(twilioParams(`+1${phone}`, word));
      expect((await state(phone)).optedOut).toBe(true);
    }
    await twilioCall(twilioParams('+15145550300', 'UNSTOP'));
    expect((await state('5145550300')).optedOut).toBe(false);
  });

  it('takes the French keywords: ARRÊT stops, DEBUT resumes, each confirmed in French', async () => {
    await addUser('5145550211');
    const stop = await twilioCall(twilioParams('+15145550211', ' Arrêt '));
    expect(stop.body).toContain('<Message>Vous ne recevrez plus de textos');
    expect((await state('5145550211')).optedOut).toBe(true);
    const resume = await twilioCall(twilioParams('+15145550211', 'debut'));
    expect(resume.body).toContain('<Message>Vous recevrez de nouveau nos textos');
    expect(await state('5145550211')).toEqual({ optedOut: false, sentStopDate: null });
    await twilioCall(twilioParams('+15145550212', 'ARRET'));
    expect((await state('5145550212')).optedOut).toBe(true);
  });

  it('answers HELP in English and AIDE in French, changing nothing', async () => {
    const help = await twilioCall(twilioParams('+15145550221', 'help'));
    expect(help.body).toContain('Reply STOP to stop texts');
    const aide = await twilioCall(twilioParams('+15145550221', 'AIDE'));
    expect(aide.body).toContain('Répondez ARRET pour ne plus recevoir de textos');
    expect((await state('5145550221')).optedOut).toBe(false);
  });

  it('leaves other messages alone', async () => {
    await twilioCall(twilioParams('+15145550401', 'please stop the auction emails'));
    expect((await state('5145550401')).optedOut).toBe(false);
    await twilioCall(twilioParams('+33612345678', 'STOP'));
    const rows = await database.db.selectFrom('sms_opt_outs').select('phone_number').execute();
    expect(rows.map((r) => r.phone_number)).not.toContain('3612345678');
  });

  it('answers 400 without a From', async () => {
    expect((await twilioCall({ Body: 'STOP' })).statusCode).toBe(400);
  });

  it('requires a valid Twilio signature', async () => {
    const params = twilioParams('+15145550501', 'STOP');
    const unsigned = await inbound(signed, params);
    expect(unsigned.statusCode).toBe(403);
    const forged = await inbound(signed, params, {
      'x-twilio-signature': twilioSignature('another-token', `${PUBLIC_URL}/api/sms/inbound`, params),
    });
    expect(forged.statusCode).toBe(403);
    const tampered = await inbound(
      signed,
      { ...params, From: '+15145550502' },
      { 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/inbound`, params) },
    );
    expect(tampered.statusCode).toBe(403);
    expect((await state('5145550501')).optedOut).toBe(false);

    const genuine = await inbound(signed, params, {
      'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/inbound`, params),
    });
    expect(genuine.statusCode).toBe(200);
    expect((await state('5145550501')).optedOut).toBe(true);

    // Twilio may sign the URL with the default port spelled out.
    const withPort = await inbound(signed, twilioParams('+15145550503', 'STOP'), {
      'x-twilio-signature': twilioSignature(
        TOKEN,
        'https://auctions.example.org:443/api/sms/inbound',
        twilioParams('+15145550503', 'STOP'),
      ),
    });
    expect(withPort.statusCode).toBe(200);
  });

  it('refuses every request when no auth token is configured', async () => {
    const params = twilioParams('+15145550601', 'STOP');
    expect((await inbound(tokenless, params)).statusCode).toBe(403);
    expect((await inbound(tokenless, params, sign(params))).statusCode).toBe(403);
    expect((await state('5145550601')).optedOut).toBe(false);
  });

  it("takes the local SMS double's signed texts, and only those", async () => {
    expect(await double.receive('+15145550701', 'STOP')).toBe(200);
    expect((await state('5145550701')).optedOut).toBe(true);
    // What anyone else on the machine would send: unsigned, or signed with another token.
    const params = twilioParams('+15145550702', 'STOP');
    const address = listening.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const unsigned = await fetch(`http://127.0.0.1:${port}/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect((await state('5145550702')).optedOut).toBe(false);
    // A developer's text through the double's own endpoint is signed on the way.
    const viaDouble = await fetch(`${double.url}/local/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: '+15145550702', Body: 'STOP' }).toString(),
    });
    expect(await viaDouble.json()).toEqual({ webhookStatus: 200 });
    expect((await state('5145550702')).optedOut).toBe(true);
  });

  it('keeps the form parser to its own route', async () => {
    const other = await smsApp({ twilioAuthToken: TOKEN });
    other.post('/elsewhere', async () => 'ok');
    const response = await other.inject({
      method: 'POST',
      url: '/elsewhere',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(response.statusCode).toBe(415);
    await other.close();
  });
});
