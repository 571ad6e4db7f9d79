import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Db } from '../db.ts';
import { tenDigitPhone } from '../phoneNumber.ts';
import { readText, sendJson } from './doubleHttp.ts';
import { listen } from './listen.ts';

export interface SmsDouble {
  /** http://host:port, the value TWILIO_API_URL takes to send here. */
  url: string;
  /**
   * Twilio keeps its own opt-out list: a number that replied STOP to Twilio is refused (21610)
   * even when our webhook never heard of it. This puts a number on that list.
   */
  unsubscribeAtTwilio(phone: string): void;
  /**
   * The account's auth token: the senders' password, and the key the double signs its webhook
   * calls with. The API checks those signatures against its TWILIO_AUTH_TOKEN, so both get this.
   */
  authToken: string;
  /**
   * Where a text sent to the product's number goes: `url` is the "A message comes in" webhook as
   * configured at Twilio (what the signature covers), `via` the address actually called when
   * that URL does not reach the API from here (PUBLIC_URL behind a proxy). Until it is set,
   * `receive` refuses.
   */
  setInboundWebhook(url: string, options?: { via?: string }): void;
  /**
   * Someone texts `body` from `from` to the product's number: the double posts it to the
   * inbound webhook as Twilio does, form-encoded and signed (X-Twilio-Signature), and resolves
   * with the webhook's HTTP status. Also reachable as `POST {url}/local/inbound` (From, Body).
   */
  receive(from: string, body: string): Promise<number>;
  stop(): Promise<void>;
}

export interface SmsDoubleOptions {
  db: Db;
  port: number;
  host?: string;
  /** A random one when absent. */
  authToken?: string;
}

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1, keyed with the auth token, of the
 * URL called followed by each POST parameter's name and value in name order, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

interface InboundWebhook {
  url: string;
  via: string;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

interface TwilioError {
  status: number;
  code: number;
  message: string;
}

const errors = {
  notFound: { status: 404, code: 20404, message: 'The requested resource was not found' },
  authenticate: { status: 401, code: 20003, message: 'Authenticate' },
  toRequired: { status: 400, code: 21604, message: "A 'To' phone number is required." },
  fromRequired: { status: 400, code: 21603, message: "A 'From' phone number is required." },
  bodyRequired: { status: 400, code: 21602, message: 'Message body is required.' },
  invalidTo: { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
} satisfies Record<string, TwilioError>;

/**
 * A local stand-in for the one part of Twilio's REST API the product calls: creating a message
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From, Body). It answers as
 * Twilio does, so the official SDK is used unchanged and only its base URL points here. Each
 * message is stored in outbox_messages with the recipient as 10 digits; a number in sms_opt_outs
 * is refused with Twilio's 21610.
 */
export async function startSmsDouble(options: SmsDoubleOptions): Promise<SmsDouble> {
  const host = options.host ?? '127.0.0.1';
  const authToken = options.authToken ?? randomBytes(24).toString('hex');
  const stoppedAtTwilio = new Set<string>();
  let webhook: InboundWebhook | undefined;
  const receive = async (from: string, body: string): Promise<number> => {
    if (!webhook) throw new Error('the SMS double has no inbound webhook (setInboundWebhook)');
    const params = { From: from, To: '+15145550100', Body: body, MessageSid: `SM${randomBytes(16).toString('hex')}` };
    const response = await fetch(webhook.via, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, webhook.url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const server = createServer((request, response) => {
    const inbound = request.method === 'POST' && request.url === '/local/inbound';
    (inbound
      ? forwardInbound(receive, request, response)
      : handle(options.db, stoppedAtTwilio, request, response)
    ).catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, 500, {
          status: 500,
          code: 20500,
          message: error instanceof Error ? error.message : 'error',
        });
      }
    });
  });
  await listen(server, options.port, host);
  return {
    url: `http://${host}:${options.port}`,
    unsubscribeAtTwilio(phone) {
      stoppedAtTwilio.add(tenDigitPhone(phone) ?? phone);
    },
    authToken,
    setInboundWebhook(url, webhookOptions = {}) {
      webhook = { url, via: webhookOptions.via ?? url };
    },
    receive,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(
  db: Db,
  stoppedAtTwilio: Set<string>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const accountSid = MESSAGES_PATH.exec(path)?.[1];
  if (request.method !== 'POST' || !accountSid) return fail(response, errors.notFound);
  if (!authenticatedAs(request, decodeURIComponent(accountSid))) return fail(response, errors.authenticate);

  const form = new URLSearchParams(await readText(request));
  const to = form.get('To');
  const from = form.get('From') ?? form.get('MessagingServiceSid');
  const body = form.get('Body');
  if (!to) return fail(response, errors.toRequired);
  if (!from) return fail(response, errors.fromRequired);
  if (!body) return fail(response, errors.bodyRequired);
  const phone = tenDigitPhone(to);
  if (!phone) return fail(response, errors.invalidTo);

  const optedOut = await db
    .selectFrom('sms_opt_outs')
    .select('phone_number')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  if (optedOut || stoppedAtTwilio.has(phone)) return fail(response, errors.unsubscribed);

  const sid = `SM${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('outbox_messages')
    .values({ channel: 'sms', message_id: sid, from_address: from, to_address: phone, subject: null, body, html: null })
    .execute();

  const now = new Date().toUTCString().replace('GMT', '+0000');
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}`;
  sendJson(response, 201, {
    account_sid: decodeURIComponent(accountSid),
    api_version: '2010-04-01',
    body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from,
    messaging_service_sid: form.get('MessagingServiceSid'),
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
    price: null,
    price_unit: 'USD',
    sid,
    status: 'queued',
    subresource_uris: { media: `${uri}/Media.json` },
    to,
    uri: `${uri}.json`,
  });
}

/** `POST /local/inbound` with From and Body: a developer's way to text the product (e.g. STOP). */
async function forwardInbound(
  receive: (from: string, body: string) => Promise<number>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const form = new URLSearchParams(await readText(request));
  const from = form.get('From');
  if (!from) return fail(response, errors.fromRequired);
  sendJson(response, 200, { webhookStatus: await receive(from, form.get('Body') ?? '') });
}

/** Twilio answers 401 without HTTP Basic credentials for the account in the path. */
function authenticatedAs(request: IncomingMessage, accountSid: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const [user, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return user === accountSid && Boolean(password);
}

function fail(response: ServerResponse, error: TwilioError): void {
  sendJson(response, error.status, { ...error, more_info: `https://www.twilio.com/docs/errors/${error.code}` });
}
