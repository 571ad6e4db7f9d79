import { randomBytes } from 'node:crypto';
import { type ApiClient, inParallel } from './http.ts';

export interface LotPlan {
  /** Initial end (epoch ms). */
  endsAt: number;
}

export interface AuctionPlan {
  lots: LotPlan[];
  extensionMinutes: number;
  startingBidCents: number;
  incrementCents: number;
}

export interface CreatedAuction {
  id: number;
  urlMagicLink: string;
}

export interface Bidder {
  id: string;
  username: string;
  token: string;
}

const dollars = (cents: number) => cents / 100;
const iso = (ms: number) => new Date(ms).toISOString();

/** The operator's access token: `authenticate` answers it (the session call is for the web app). */
export async function operatorToken(client: ApiClient, username: string, password: string): Promise<string> {
  const answer = await client.expect<{ access_token: string }>('POST', '/api/account/authenticate', {
    username,
    password,
    grant_type: 'password',
  });
  return answer.access_token;
}

/**
 * The scenario's own auction through the operator API (docs/operator-api.md): an organisation and
 * an Active auction that needs neither card nor address, ending at `endsAt` (extensions never push
 * a lot past it).
 */
export async function createAuction(
  client: ApiClient,
  token: string,
  runId: string,
  endsAt: number,
): Promise<CreatedAuction> {
  const organization = await client.expect<{ id: number }>(
    'POST',
    '/api/admin/organizations',
    { name: `Load test ${runId}` },
    token,
  );
  const urlMagicLink = `load-${runId}`;
  const auction = await client.expect<{ id: number }>(
    'POST',
    '/api/admin/auctions',
    {
      organizationId: organization.id,
      urlMagicLink,
      translations: { en: { titleShort: `Load test ${runId}` }, fr: { titleShort: `Test de charge ${runId}` } },
      dateOpen: iso(Date.now() - 60_000),
      dateCompleted: iso(endsAt),
      allowAnonymousBidding: false,
      requireCCToBid: false,
      requireAddressToBid: false,
      allowProxyBidding: false,
    },
    token,
  );
  await client.expect('POST', `/api/admin/auctions/${auction.id}/status`, { status: 3 }, token);
  return { id: auction.id, urlMagicLink };
}

/** The auction's lots with their end times and anti-sniping settings; each opens its stream in the engine. */
export async function createLots(
  client: ApiClient,
  token: string,
  runId: string,
  auctionId: number,
  plan: AuctionPlan,
): Promise<{ id: number; endsAt: number }[]> {
  const extension = plan.extensionMinutes;
  return inParallel(plan.lots, 8, async (lot, i) => {
    const created = await client.expect<{ id: number }>(
      'POST',
      `/api/admin/auctions/${auctionId}/lots`,
      {
        lotNumber: i + 1,
        type: 1,
        translations: { en: { name: `Lot ${i + 1}` }, fr: { name: `Lot ${i + 1}` } },
        startingBid: dollars(plan.startingBidCents),
        minimumIncrement: dollars(plan.incrementCents),
        dateCompleted: iso(lot.endsAt),
        allowsTimeExtension: extension > 0,
        extensionDurationInMinutes: extension,
        extensionDurationMaximumMinutes: extension,
        minutesLeftBeforeAllowingExtension: extension,
        commandId: `load-${runId}-open-${i}`,
      },
      token,
    );
    return { id: created.id, endsAt: lot.endsAt };
  });
}

/** A North American number nobody else registered in this run: a random exchange and line. */
function randomCellphone(): string {
  const bytes = randomBytes(4);
  const exchange = 200 + ((bytes.readUInt16BE(0) % 800) as number);
  const line = String(bytes.readUInt16BE(2) % 10_000).padStart(4, '0');
  return `(438) ${exchange}-${line}`;
}

/**
 * Bidder i's own address in the benchmarking range (198.18.0.0/15, RFC 2544): registration is
 * limited per address at a venue's pace, and a crowd of bidders does not sign up from one machine.
 * A target counts it only when it trusts the runner as a proxy (the runner's own stack does).
 */
export function bidderAddress(i: number): string {
  return `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;
}

/**
 * Bidders the way people become bidders: the registration form, which answers the new account
 * already signed in. The email is then confirmed with the token of the link the product mailed,
 * read from the local outbox (`/api/dev/outbox`) when the target serves it; bidding does not wait
 * for the confirmation, so against a target without the outbox the step is skipped.
 */
export async function registerBidders(
  client: ApiClient,
  runId: string,
  count: number,
  outbidEmails: boolean,
  log: (line: string) => void,
): Promise<Bidder[]> {
  const bidders = await inParallel(Array.from({ length: count }), 4, async (_, i) => {
    for (let attempt = 0; ; attempt++) {
      const username = `load-${runId}-${i}@example.com`;
      const answer = await client.request(
        'POST',
        '/api/account/register',
        {
          username,
          password: 'Load-Test-2026!',
          confirmPassword: 'Load-Test-2026!',
          firstName: 'Load',
          lastName: `Bidder ${i}`,
          nickName: `load${runId}b${i}`,
          cellphone: randomCellphone(),
          language: i % 2 ? 'en' : 'fr',
          sendSMSNotifications: false,
          sendEmailNotifications: true,
        },
        undefined,
        { 'x-forwarded-for': bidderAddress(i) },
      );
      const body = answer.body as { id?: string; token?: string; message?: string };
      if (answer.status === 200 && body.id && body.token) return { id: body.id, username, token: body.token };
      // Another account may hold the random number: draw again.
      if (body.message === 'unique_phone_number' && attempt < 5) continue;
      throw new Error(`registration answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  });
  if (!outbidEmails) {
    // The bidder's own setting (profile preferences): each accepted bid no longer mails the bidder it outbid.
    await inParallel(bidders, 8, (bidder) =>
      client.expect('PATCH', '/api/account', [{ path: '/emailOutbidNotifications', value: false }], bidder.token),
    );
  }
  const confirmed = await confirmEmails(client, bidders);
  log(
    confirmed === null
      ? `${count} bidders registered (no local outbox at the target: emails left unconfirmed)`
      : `${count} bidders registered, ${confirmed} emails confirmed from the outbox`,
  );
  return bidders;
}

async function confirmEmails(client: ApiClient, bidders: Bidder[]): Promise<number | null> {
  const probe = await client.request('GET', '/api/dev/outbox?to=nobody@example.com');
  if (probe.status !== 200) return null;
  const results = await inParallel(bidders, 8, async (bidder) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const messages = (await client.expect<{ body: string }[]>(
        'GET',
        `/api/dev/outbox?to=${encodeURIComponent(bidder.username)}`,
      )) as { body: string }[];
      const link = messages.map((m) => m.body.match(/https?:\/\/\S+/)?.[0]).find(Boolean);
      const token = link ? new URL(link.replace(/[).,>]+$/, '')).searchParams.get('token') : null;
      if (token) {
        await client.expect('POST', '/api/account/email-confirmation', { username: bidder.username, token });
        return true;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  });
  return results.filter(Boolean).length;
}
