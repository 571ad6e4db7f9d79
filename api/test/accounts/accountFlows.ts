import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testApp.ts';

/** What a new bidder types on the registration screen; each call gets fresh unique values. */
let counter = 0;
export function newBidder(overrides: Record<string, unknown> = {}) {
  counter += 1;
  // The exchange comes from the process and the line from the counter, so no two calls of one process
  // ever share a number (pasting the two together and keeping four digits once did, for pids like 111).
  const exchange = String(process.pid % 1000).padStart(3, '0');
  const line = String(counter % 10_000).padStart(4, '0');
  return {
    username: `bidder${counter}.${Date.now()}@example.com`,
    password: 'Gala-Night-2026!',
    confirmPassword: 'Gala-Night-2026!',
    firstName: 'Élise',
    lastName: 'Gagnon',
    nickName: `Elise${counter}${Date.now() % 100000}`,
    cellphone: `(438) ${exchange}-${line}`,
    language: 'fr',
    sendSMSNotifications: true,
    sendEmailNotifications: true,
    ...overrides,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** One call of the API as the signed-in user holding `token`, with its body when it has one. */
export function callAs(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown> | unknown[],
) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

export async function register(
  app: FastifyInstance,
  body: Record<string, unknown>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: body,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** Each bidder registered by a test comes from a device of their own, as guests do, not all from one address. */
let devices = 0;
const deviceAddress = () => {
  devices += 1;
  return `10.${(devices >> 16) & 255}.${(devices >> 8) & 255}.${devices & 255}`;
};

/** Registers and confirms the email from the link the product sent, as a new bidder would. */
export async function registerConfirmed(test: TestApp, overrides: Record<string, unknown> = {}) {
  const body = newBidder(overrides);
  const remoteAddress = deviceAddress();
  const response = await register(test.app, body, remoteAddress);
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const profile = response.json();
  const mail = await test.messaging.outbox.waitFor(body.username, { template: 'emailConfirmation' });
  const token = linkQuery(mail.body, 'token');
  const confirmed = await test.app.inject({
    method: 'POST',
    url: '/api/account/email-confirmation',
    payload: { username: body.username, token },
    remoteAddress,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  return { body, profile, token: profile.token as string, id: profile.id as string };
}

/** Confirms the account's phone with the code texted to it, as the profile's validation does (spec 000 §4). */
export async function confirmPhone(test: TestApp, account: { token: string; body: { cellphone: unknown } }) {
  const digits = String(account.body.cellphone).replace(/\D/g, '');
  const sent = await callAs(test.app, account.token, 'POST', '/api/account/create-validation-code');
  if (sent.statusCode !== 200) throw new Error(`no validation code: ${sent.body}`);
  const text = await test.messaging.outbox.waitFor(digits, { template: 'phoneValidationCode' });
  const checked = await callAs(
    test.app,
    account.token,
    'POST',
    `/api/account/validate-phone-number/${sixDigitCode(text.body)}`,
  );
  if (checked.json() !== true) throw new Error(`phone not confirmed: ${checked.body}`);
}

/** Sets the account's preferred currency to USD: the amounts it reads then carry their conversion. */
export async function preferUsd(test: TestApp, account: { id: string }): Promise<void> {
  await test.database.db
    .updateTable('users')
    .set({ preferred_currency_code: 'USD' })
    .where('id', '=', account.id)
    .execute();
}

/** A bidder registered with a confirmed email, as `registerConfirmed` answers it. */
export type ConfirmedAccount = Awaited<ReturnType<typeof registerConfirmed>>;

/** authenticate, then token: the two calls of a login. */
export async function login(app: FastifyInstance, username: string, password: string, rememberMe = false) {
  const first = await app.inject({
    method: 'POST',
    url: '/api/account/authenticate',
    payload: { username, password, grant_type: 'password' },
  });
  if (first.statusCode !== 200) return { status: first.statusCode, body: first.json() };
  const second = await app.inject({
    method: 'POST',
    url: '/api/account/token',
    headers: bearer(first.json().access_token),
    payload: { rememberMe },
  });
  return { status: second.statusCode, body: second.json(), refreshToken: refreshCookieOf(second) };
}

/** The refresh token a response set as its cookie (undefined when none; '' when cleared). */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((c) => c.startsWith('auction_refresh='));
  return cookie?.slice('auction_refresh='.length).split(';')[0];
}

/** POST /account/refresh with the refresh token as the browser sends it: its cookie. */
export function refresh(app: FastifyInstance, refreshToken: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/account/refresh',
    headers: refreshToken === undefined ? {} : { cookie: `auction_refresh=${refreshToken}` },
  });
}

/** The value of a query parameter in the first link of a message body. */
export function linkQuery(text: string, name: string): string {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  const value = new URL(url.replace(/[).,>]+$/, '')).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${url}`);
  return value;
}

export function firstLink(text: string): URL {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  return new URL(url.replace(/[).,>]+$/, ''));
}

export function sixDigitCode(text: string): string {
  const code = text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** A new bidder asks for a password-recovery code by text message (spec 000 §4); answers the code texted. */
export async function recoveryCodeByPhone(test: TestApp, bidder: { body: { cellphone: string; username: string } }) {
  const digits = bidder.body.cellphone.replace(/\D/g, '');
  await test.app.inject({
    method: 'POST',
    url: '/api/account/password-recovery-phone',
    payload: { value: digits, maskedEmail: bidder.body.username },
  });
  return sixDigitCode((await test.messaging.outbox.waitFor(digits, { template: 'passwordRecoveryCode' })).body);
}

/** Recovery by email (spec 000 §4): `value` is the account's email, as typed. */
export function recoverByEmail(app: FastifyInstance, value: string, more: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/account/password-recovery-email', payload: { value, ...more } });
}

/** Checks a recovery code sent by text message; the answer carries the reset form's token. */
export function verifyRecoveryCode(app: FastifyInstance, code: string, username: string) {
  return app.inject({
    method: 'GET',
    url: `/api/account/verify-code-password-recovery/${code}/${encodeURIComponent(username)}`,
  });
}

/** The reset form: the link's (or the verified code's) token, the account's email, the new password typed twice. */
export function resetPassword(
  app: FastifyInstance,
  token: string | null,
  email: string,
  password: string,
  confirmPassword: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/password-reset',
    payload: { token, email, password, confirmPassword },
  });
}
