import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { AuctionStatus, operator } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateInvoices } from '../../../workers/src/invoices/generateInvoices.ts';
import { auctionFields } from '../../src/operator/auctionFields.ts';
import { lotFields } from '../../src/operator/lotFields.ts';
import { type ConfirmedAccount, callAs, registerConfirmed } from '../accounts/accountFlows.ts';
import { useDemoStaff } from '../accounts/demoStaff.ts';
import { useTestApp } from '../useTestApp.ts';
import { invoiceFixtures } from './api/invoices/invoiceFixtures.ts';
import { inHours, type Sparse, serverErrorsOfReads } from './sparseReads.ts';

/**
 * The write side of sparseRecords: every record the operator API makes is saved with the fewest
 * fields its schema accepts, then every optional field is cleared — '' and null, [] and {} — one
 * field at a time and all at once. Each write answers 2xx, or a 4xx with a message key that changed
 * nothing; never a server error. After each round every screen reads the auctions back, for a
 * visitor, a bidder and an operator in each language, without a server error (an answer that no
 * longer fits its response schema answers 500).
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');
let bidder: ConfirmedAccount;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Language = 'en' | 'fr';

interface Written extends Sparse {
  language: Language;
  teamId: number;
  categoryId: number;
  tabId: number;
  groupId: number;
  photoId: number;
  /** The lots by type: silent with a price (bids need one), silent bare, live, fixed price. */
  pricedLotId: number;
  bareLotId: number;
  liveLotId: number;
  saleLotId: number;
}
const written: Written[] = [];
/** An invoice of the first organisation, for the payments recorded by hand. */
let invoice: { public_id: string; auction_id: number };

/** What went wrong with a write: a server error, a refusal without a key, a refusal that changed something. */
const problems: string[] = [];
const isKey = (value: unknown) => typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(value);

/**
 * One operator write. A refusal must name a message key and leave `state` (what the console reads
 * of the record) as it was; anything at 500 or above is a problem whatever it says.
 */
async function write(method: Method, url: string, body?: Record<string, unknown>, state?: () => Promise<unknown>) {
  const before = state ? await state() : undefined;
  const response = await callAs(test.app, staff.admin, method, url, body);
  const label = `${method} ${url} ${JSON.stringify(body)}`;
  judge(label, response);
  if (response.statusCode >= 400 && response.statusCode < 500 && state && !isDeepStrictEqual(before, await state())) {
    problems.push(`${label}: refused with ${response.statusCode} yet changed the record`);
  }
  return response;
}

/** The standard every answer is held to: never a 5xx; a refusal names message keys only. */
function judge(label: string, response: { statusCode: number; body: string; json(): unknown }) {
  if (response.statusCode >= 500) {
    problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  } else if (response.statusCode >= 400) {
    const { messages } = response.json() as { messages?: unknown };
    if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isKey)) {
      problems.push(`${label}: ${response.statusCode} without a message key: ${response.body.slice(0, 300)}`);
    }
  }
}

/**
 * A write whose body is not an object: none at all, JSON `null`, `[]` or `""`, an empty body
 * declared JSON, or an empty file. The same standard: a keyed 4xx (or a 2xx), never a 5xx.
 */
async function rawWrite(method: Method, url: string, payload: string | Buffer | undefined, contentType?: string) {
  const response = await test.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${staff.admin}`, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
  judge(`${method} ${url} ${contentType ?? 'no content type'} ${JSON.stringify(payload?.toString())}`, response);
  return response;
}

/** Every body that is not an object, to one write. */
async function bodiesNotObjects(method: Method, url: string) {
  await rawWrite(method, url, undefined);
  // '' once answered Fastify's English sentence, '{' too, instead of a message key.
  for (const payload of ['null', '[]', '""', '', '{']) await rawWrite(method, url, payload, 'application/json');
}

/**
 * Creates a record with the first of `bodies` its call accepts, the bodies going from fewest fields
 * to more: the ones refused before must have been refused cleanly.
 */
async function created(url: string, ...bodies: Record<string, unknown>[]) {
  for (const body of [{}, ...bodies]) {
    const response = await write('POST', url, body);
    if (response.statusCode < 300) return response.json();
  }
  throw new Error(`POST ${url}: none of the bodies was accepted: ${problems.join('\n')}`);
}

const named = (language: Language, value: unknown) => ({ [language]: value });

async function fewestFields(language: Language): Promise<Written> {
  const organizationId = (await created('/api/admin/organizations', { name: `Fewest ${language}` })).id;
  const link = `fewest-${language}-${randomUUID().slice(0, 8)}`;
  const auctionId = (
    await created('/api/admin/auctions', {
      organizationId,
      urlMagicLink: link,
      translations: named(language, { titleShort: 'Fewest' }),
    })
  ).id;
  const base = `/api/admin/auctions/${auctionId}`;
  const categoryId = (await created(`${base}/categories`, { translations: named(language, 'C') })).id;
  const tabId = (await created(`${base}/tabs`, { translations: named(language, { name: 'T', url: 't' }) })).id;
  const groupId = (
    await created(`${base}/closing-groups`, { translations: named(language, 'G'), dateCompleted: inHours(5) })
  ).id;
  const photoId = (await created(`${base}/photos`, { fullPath: 'https://cdn.example.org/fewest.jpg' })).id;
  const teamId = (
    await created(`/api/admin/organizations/${organizationId}/teams`, { translations: named(language, 'Team') })
  ).id;
  const lot = async (extra: Record<string, unknown>) =>
    (
      await created(
        `${base}/lots`,
        { ...extra, translations: named(language, { name: 'Lot' }) },
        { ...extra, translations: named(language, { name: 'Lot' }), dateCompleted: inHours(4) },
      )
    ).id as number;
  const bareLotId = await lot({});
  const pricedLotId = await lot({ startingBid: 5 });
  const liveLotId = await lot({ type: 2 });
  const saleLotId = await lot({ type: 3 });
  // A lot in a closing group takes the group's end: its name and its group are enough.
  const grouped = await created(`${base}/lots`, {
    translations: named(language, { name: 'Grouped' }),
    auctionClosingGroupId: groupId,
  });
  return {
    language,
    organizationId,
    link,
    auctionId,
    lotIds: [bareLotId, pricedLotId, liveLotId, saleLotId, grouped.id],
    teamId,
    categoryId,
    tabId,
    groupId,
    photoId,
    pricedLotId,
    bareLotId,
    liveLotId,
    saleLotId,
  };
}

/** What the console reads of each record, to tell that a refused write changed nothing. */
const states = {
  organization: (id: number) => async () =>
    ((await callAs(test.app, staff.admin, 'GET', '/api/admin/organizations')).json() as { id: number }[]).find(
      (o) => o.id === id,
    ),
  team: (organizationId: number, id: number) => async () =>
    (
      (await callAs(test.app, staff.admin, 'GET', `/api/admin/organizations/${organizationId}/teams`)).json() as {
        id: number;
      }[]
    ).find((t) => t.id === id),
  /** The auction with its categories, tabs, closing groups and banners. */
  auction: (id: number) => async () => (await callAs(test.app, staff.admin, 'GET', `/api/admin/auctions/${id}`)).json(),
  /** The lot's rows and its stream's length: the read model may still be catching up. */
  lot: (id: number) => async () => {
    const { db } = test.database;
    return {
      lot: await db.selectFrom('lots').selectAll().where('id', '=', id).executeTakeFirst(),
      texts: await db
        .selectFrom('lot_translations')
        .selectAll()
        .where('lot_id', '=', id)
        .orderBy('language_code')
        .execute(),
      photos: await db.selectFrom('lot_photos').selectAll().where('lot_id', '=', id).orderBy('id').execute(),
      categories: await db
        .selectFrom('lot_categories')
        .selectAll()
        .where('lot_id', '=', id)
        .orderBy('category_id')
        .execute(),
      events: (await test.app.eventStore.readStream(lotStreamId(id))).length,
    };
  },
};

/** The empty values an optional field may be cleared with. */
const EMPTIES = [null, '', [], {}] as const;

/** Each field of `fields` sent alone with each empty value, then `all` at once. */
async function clearEach(
  method: Method,
  url: string,
  fields: readonly string[],
  state: () => Promise<unknown>,
  all: Record<string, unknown>,
) {
  for (const field of fields) {
    for (const empty of EMPTIES) await write(method, url, { [field]: empty }, state);
  }
  await write(method, url, all, state);
}

async function readsPass(extra: string[] = []) {
  await test.projections.caughtUp();
  const failures = await serverErrorsOfReads(test, written, { bidder: bidder.token, operator: staff.admin }, extra);
  expect(failures).toEqual([]);
}

/** Reads of what only some records have: the organisations' members and the invoice. */
const extraReads = () => [
  '/api/admin/organizations',
  ...written.map((w) => `/api/admin/organizations/${w.organizationId}/members`),
  `/api/admin/users?q=${encodeURIComponent(bidder.body.lastName)}`,
  '/api/admin/users?q=walk-',
  `/api/admin/auctions/${invoice.auction_id}/invoices`,
];

beforeAll(async () => {
  bidder = await registerConfirmed(test);
});
beforeEach(() => {
  problems.length = 0;
});

describe('operator records written with their fewest fields, then cleared', () => {
  it('are each saved with the fewest fields their call accepts, and read by every screen', async () => {
    written.push(await fewestFields('en'), await fewestFields('fr'));
    const [open, planned] = written as [Written, Written];
    await write('POST', `/api/admin/auctions/${open.auctionId}/status`, { status: 3 });
    await write('POST', `/api/admin/auctions/${planned.auctionId}/status`, { status: 2 });

    // A bidder bids, and is sold a live lot on stage, with the fewest fields.
    const bid = await callAs(test.app, bidder.token, 'POST', `/api/bids/auctionlotitem/${open.pricedLotId}/bid`, {
      amount: 5,
      commandId: randomUUID(),
    });
    expect(bid.statusCode, bid.body).toBe(200);
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: open.auctionId, user_id: bidder.id, status: 2 })
      .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doNothing())
      .execute();
    const sold = await write('POST', `/api/admin/lots/${open.liveLotId}/live-sale`, { bidderId: bidder.id, amount: 7 });
    expect(sold.statusCode, sold.body).toBe(200);
    await write('POST', `/api/admin/lots/${open.liveLotId}/live-sale/correction`, {
      bidderId: bidder.id,
      amount: 8,
      reason: 'r',
    });

    for (const each of written) {
      // The lot commands with no body at all, and with an empty one.
      // A lot command's body is optional: none at all was once refused (400 invalid_value).
      for (const command of ['hide', 'show']) {
        const bare = await write('POST', `/api/admin/lots/${each.bareLotId}/${command}`);
        expect(bare.statusCode, bare.body).toBe(200);
        await write('POST', `/api/admin/lots/${each.bareLotId}/${command}`, {});
      }
      await write('POST', `/api/admin/lots/${each.saleLotId}/reschedule`, { dateCompleted: inHours(3) });
      await write('PUT', `/api/admin/auctions/${each.auctionId}/fundraising-goal`, { goalCents: 100 });
      // A member with a role, then none.
      await write('PUT', `/api/admin/organizations/${each.organizationId}/members/${bidder.id}/roles/4`);
      await write('PUT', `/api/admin/organizations/${each.organizationId}/members/${bidder.id}/roles/2`);
      await write('DELETE', `/api/admin/organizations/${each.organizationId}/members/${bidder.id}/roles/2`);
      // Lots imported from a file of the fewest columns.
      const csv = 'lotNumber,nameEn\n90,Imported';
      await write('POST', `/api/admin/auctions/${each.auctionId}/lot-import/preview`, { csv });
      await write('POST', `/api/admin/auctions/${each.auctionId}/lot-import`, { csv });
      // The orders, each of one entry.
      for (const [path, id] of [
        ['categories', each.categoryId],
        ['tabs', each.tabId],
        ['photos', each.photoId],
      ] as const) {
        await write('PUT', `/api/admin/auctions/${each.auctionId}/${path}/order`, { ids: [id] });
      }
    }

    // A bid removed with nothing but its reason.
    const standing = await callAs(test.app, staff.admin, 'GET', `/api/admin/lots/${open.pricedLotId}/bids`);
    const [firstBid] = standing.json().bids as { bidId: string }[];
    expect(firstBid).toBeDefined();
    await write(
      'POST',
      `/api/admin/lots/${open.pricedLotId}/bids/${encodeURIComponent((firstBid as { bidId: string }).bidId)}/remove`,
      { reason: 'r' },
    );
    // Guests: the bidder arrives; walk-ins with a name and an email, or a name and a phone (invited).
    await write('POST', `/api/check-in/auctions/${open.auctionId}/guests/${bidder.id}/arrival`);
    const walkIn = await write('POST', `/api/check-in/auctions/${open.auctionId}/walk-ins`, {
      firstName: 'W',
      lastName: 'I',
      email: `walk-${randomUUID().slice(0, 8)}@example.org`,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    // The walk-in's account (a name and an email, no phone, no password) made a member, then found.
    const walkInId = walkIn.json().guest.userId as string;
    await write('PUT', `/api/admin/organizations/${open.organizationId}/members/${walkInId}/roles/4`);
    await write('POST', `/api/check-in/auctions/${open.auctionId}/guests/${walkInId}/arrival`);
    await write('POST', `/api/check-in/auctions/${open.auctionId}/walk-ins`, {
      firstName: 'W',
      lastName: 'P',
      phoneNumber: '514 555 0199',
    });
    // Lots imported from a file with a row of the fewest cells that makes a lot.
    await write('POST', `/api/admin/auctions/${open.auctionId}/lot-import`, {
      csv: `lotNumber,nameEn,startingBid,dateCompleted\n91,Imported,5,${inHours(4)}`,
    });
    // Empty files as photos.
    await rawWrite('POST', `/api/admin/lots/${open.bareLotId}/photos`, Buffer.alloc(0), 'image/jpeg');
    await rawWrite('POST', `/api/admin/auctions/${open.auctionId}/photos/upload`, Buffer.alloc(0), 'image/png');

    // A payment recorded by hand with its fewest fields, then cancelled with a reason.
    invoice = await invoiceFixtures(test, () => open.organizationId).invoiceFor(bidder.id, [{ amount: 100_00 }], {
      taxes: false,
    });
    const paid = await write('POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`, {
      amountCents: 10_00,
      method: 'cash',
      commandId: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await write('POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`, {
      amountCents: 90_00,
      method: 'other',
      note: '',
      commandId: randomUUID(),
    });
    await write('POST', `/api/admin/invoices/${invoice.public_id}/refunds`, {
      amountCents: 1_00,
      reason: 'r',
      commandId: randomUUID(),
      method: 'cash',
    });

    for (const each of written) {
      for (const [method, url] of [
        ['POST', '/api/admin/organizations'],
        ['PATCH', `/api/admin/organizations/${each.organizationId}`],
        ['POST', `/api/admin/organizations/${each.organizationId}/teams`],
        ['PATCH', `/api/admin/teams/${each.teamId}`],
        ['POST', '/api/admin/auctions'],
        ['PATCH', `/api/admin/auctions/${each.auctionId}`],
        ['POST', `/api/admin/auctions/${each.auctionId}/status`],
        ['POST', `/api/admin/auctions/${each.auctionId}/categories`],
        ['PATCH', `/api/admin/categories/${each.categoryId}`],
        ['PUT', `/api/admin/auctions/${each.auctionId}/categories/order`],
        ['POST', `/api/admin/auctions/${each.auctionId}/tabs`],
        ['PATCH', `/api/admin/tabs/${each.tabId}`],
        ['PUT', `/api/admin/auctions/${each.auctionId}/tabs/order`],
        ['POST', `/api/admin/auctions/${each.auctionId}/closing-groups`],
        ['PATCH', `/api/admin/closing-groups/${each.groupId}`],
        ['POST', `/api/admin/auctions/${each.auctionId}/photos`],
        ['PATCH', `/api/admin/auction-photos/${each.photoId}`],
        ['PUT', `/api/admin/auctions/${each.auctionId}/photos/order`],
        ['POST', `/api/admin/auctions/${each.auctionId}/photos/upload`],
        ['POST', `/api/admin/auctions/${each.auctionId}/lots`],
        ['PATCH', `/api/admin/lots/${each.bareLotId}`],
        ['POST', `/api/admin/lots/${each.bareLotId}/photos`],
        ['POST', `/api/admin/lots/${each.bareLotId}/hide`],
        ['POST', `/api/admin/lots/${each.bareLotId}/show`],
        ['POST', `/api/admin/lots/${each.saleLotId}/reschedule`],
        ['POST', `/api/admin/lots/${each.liveLotId}/live-sale`],
        ['POST', `/api/admin/lots/${each.liveLotId}/live-sale/correction`],
        ['POST', `/api/admin/lots/${each.pricedLotId}/bids/unknown%231/remove`],
        ['PUT', `/api/admin/auctions/${each.auctionId}/fundraising-goal`],
        ['POST', `/api/admin/auctions/${each.auctionId}/lot-import/preview`],
        ['POST', `/api/admin/auctions/${each.auctionId}/lot-import`],
        ['POST', `/api/check-in/auctions/${each.auctionId}/walk-ins`],
        ['POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`],
        ['POST', `/api/admin/invoices/${invoice.public_id}/manual-payments/1/cancellation`],
        ['POST', `/api/admin/invoices/${invoice.public_id}/refunds`],
      ] as const) {
        await bodiesNotObjects(method, url);
      }
    }

    expect(problems).toEqual([]);
    await readsPass(extraReads());
  });

  it('answer every optional field cleared with a 2xx or a keyed 4xx that changes nothing, and are still read by every screen', async () => {
    for (const each of written) {
      const { language: l } = each;
      const auction = states.auction(each.auctionId);

      await clearEach(
        'PATCH',
        `/api/admin/organizations/${each.organizationId}`,
        Object.keys(operator.organizationFields.shape),
        states.organization(each.organizationId),
        { charityRegistrationNumber: null, receiptAddress: '' },
      );
      await write('PATCH', `/api/admin/organizations/${each.organizationId}`, { charityRegistrationNumber: '' });
      await write('PATCH', `/api/admin/organizations/${each.organizationId}`, { receiptAddress: null });

      await clearEach(
        'PATCH',
        `/api/admin/teams/${each.teamId}`,
        Object.keys(operator.teamFields.shape),
        states.team(each.organizationId, each.teamId),
        { translations: named(l, 'Team') },
      );
      await write('PATCH', `/api/admin/teams/${each.teamId}`, { translations: named(l, '') });

      await clearEach(
        'PATCH',
        `/api/admin/categories/${each.categoryId}`,
        Object.keys(operator.categoryFields.shape),
        auction,
        { translations: named(l, 'C') },
      );
      await clearEach('PATCH', `/api/admin/tabs/${each.tabId}`, Object.keys(operator.tabFields.shape), auction, {
        translations: named(l, { name: 'T', url: 't', title: '', content: '' }),
      });
      for (const field of ['name', 'url', 'title', 'content']) {
        for (const empty of EMPTIES) {
          await write(
            'PATCH',
            `/api/admin/tabs/${each.tabId}`,
            { translations: named(l, { name: 'T', url: 't', [field]: empty }) },
            auction,
          );
        }
      }
      await clearEach(
        'PATCH',
        `/api/admin/closing-groups/${each.groupId}`,
        Object.keys(operator.closingGroupFields.shape),
        auction,
        { translations: named(l, 'G') },
      );
      await clearEach(
        'PATCH',
        `/api/admin/auction-photos/${each.photoId}`,
        Object.keys(operator.photoFields.shape),
        auction,
        { videoUrl: null, additionalLinkUrl: null },
      );
      await write('PATCH', `/api/admin/auction-photos/${each.photoId}`, { videoUrl: '', additionalLinkUrl: '' });

      await clearEach('PATCH', `/api/admin/auctions/${each.auctionId}`, Object.keys(auctionFields.shape), auction, {
        translations: named(l, { titleShort: 'Fewest', description: '', teamAppellation: null }),
        datePreOpen: null,
        billCreditCardFeesMinimumAmount: null,
        stripeInformationId: null,
        donationUrl: null,
        donations: [],
        colors: {},
        footer: {},
        integrations: {},
        linkEnglish: null,
        linkFrench: null,
        bannerEnglish: null,
        bannerFrench: null,
      });
      for (const field of ['titleShort', 'description', 'teamAppellation']) {
        for (const empty of EMPTIES) {
          await write(
            'PATCH',
            `/api/admin/auctions/${each.auctionId}`,
            { translations: named(l, { titleShort: 'Fewest', [field]: empty }) },
            auction,
          );
        }
      }
      for (const [group, fields] of [
        ['colors', operator.AUCTION_COLOR_FIELDS],
        ['footer', operator.AUCTION_FOOTER_FIELDS],
      ] as const) {
        for (const field of fields) {
          for (const empty of EMPTIES) {
            await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { [group]: { [field]: empty } }, auction);
          }
        }
      }
      for (const empty of EMPTIES) {
        await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { donations: [{ amount: empty }] }, auction);
        await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { integrations: { key: empty } }, auction);
      }
      // A button with neither an amount nor "other amount" would show donors a $0.00 choice.
      const noAmount = await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { donations: [{}] }, auction);
      expect(noAmount.statusCode).toBe(400);
      expect(noAmount.json().messages).toEqual(['donation_preset_amount_required']);
      await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { donationUrl: '', linkEnglish: '' }, auction);

      for (const lotId of each.lotIds) {
        const lot = states.lot(lotId);
        await clearEach('PATCH', `/api/admin/lots/${lotId}`, Object.keys(lotFields.shape), lot, {
          translations: named(l, { name: 'Lot', description: '', information: '', shippingInformation: '' }),
          valuation: null,
          offeredBy: null,
          additionalInfoExternalUrl: null,
          organizationTeamId: null,
          auctionClosingGroupId: null,
          itemCategoryIds: [],
          photos: [],
        });
        for (const field of ['name', 'description', 'information', 'shippingInformation']) {
          for (const empty of EMPTIES) {
            await write(
              'PATCH',
              `/api/admin/lots/${lotId}`,
              { translations: named(l, { name: 'Lot', [field]: empty }) },
              lot,
            );
          }
        }
        for (const field of ['fullPathLarge', 'fullPathMedium', 'description', 'order']) {
          for (const empty of EMPTIES) {
            await write(
              'PATCH',
              `/api/admin/lots/${lotId}`,
              { photos: [{ fullPathLarge: 'https://cdn.example.org/lot.jpg', [field]: empty }] },
              lot,
            );
          }
        }
        await write('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: '', additionalInfoExternalUrl: '' }, lot);
      }

      await write('PUT', `/api/admin/auctions/${each.auctionId}/fundraising-goal`, { goalCents: null });
      for (const path of ['categories', 'tabs', 'photos']) {
        for (const empty of EMPTIES) {
          await write('PUT', `/api/admin/auctions/${each.auctionId}/${path}/order`, { ids: empty }, auction);
        }
      }
      for (const empty of EMPTIES) {
        await write('POST', `/api/admin/lots/${each.saleLotId}/reschedule`, { dateCompleted: empty });
        await write('POST', `/api/admin/auctions/${each.auctionId}/lot-import/preview`, { csv: empty });
      }
    }

    expect(problems).toEqual([]);
    await readsPass(extraReads());
  });

  it('are still read by every screen with each option on that calls for a field left empty', async () => {
    const auctionOptions: Record<string, unknown>[] = [
      { type: 2 },
      { donationType: 1 },
      { donationType: 2 },
      { donationAllowOtherAmount: true },
      { donations: [{ isOtherAmount: true }] },
      { paymentType: 2 },
      { requireCCToBid: true },
      { requireAddressToBid: true },
      { billCreditCardFeesToClient: true },
      { billCreditCardFeesProvideReceipt: true },
      { chargeAutomaticallyAtCompletion: true },
      { allowProxyBidding: true },
      { allowAnonymousBidding: true },
      { allowItemsManagementByTeam: true },
      { showAuctionCarousel: true },
      { hideCountdown: true },
      { isAvailable: false },
      { clientTimeSynchronization: true },
      { currency: 'USD' },
      { languages: [1, 2] },
      { donationReceiptMinimumCents: 0 },
    ];
    const photoOptions: Record<string, unknown>[] = [
      { bannerType: 'video' },
      { isUsedAsBackgroundImage: true },
      { isUsedAsBannerInLeaderboard: true },
      { isVideoAlwaysOnTop: true },
      { isUsedInFrench: false, isUsedInEnglish: false, isUsedOnMobile: false, isUsedOnComputer: false },
    ];
    for (const each of written) {
      const auction = states.auction(each.auctionId);
      for (const option of auctionOptions)
        await write('PATCH', `/api/admin/auctions/${each.auctionId}`, option, auction);
      for (const option of photoOptions)
        await write('PATCH', `/api/admin/auction-photos/${each.photoId}`, option, auction);
      await write('PATCH', `/api/admin/closing-groups/${each.groupId}`, { isHiddenInMenu: true }, auction);
      for (const lotId of each.lotIds) {
        await write('PATCH', `/api/admin/lots/${lotId}`, { isDonation: true }, states.lot(lotId));
      }
    }
    expect(problems).toEqual([]);
    await readsPass(extraReads());
  });

  it('are still read by every screen once shown in the language they lack, their parts removed and the auction taken through every status', async () => {
    for (const each of written) {
      const other = each.language === 'en' ? 2 : 1;
      await write('PATCH', `/api/admin/auctions/${each.auctionId}`, { languages: [other] });
      // The parts the lots were placed in go, the lots stay.
      for (const lotId of each.lotIds) {
        await write('PATCH', `/api/admin/lots/${lotId}`, {
          itemCategoryIds: [each.categoryId],
          auctionClosingGroupId: each.groupId,
          organizationTeamId: each.teamId,
        });
      }
      // The group's new end moves its lots; a hidden group; every lot closed early.
      await write('PATCH', `/api/admin/closing-groups/${each.groupId}`, { dateCompleted: inHours(2) });
      await write('PATCH', `/api/admin/closing-groups/${each.groupId}`, { isHiddenInMenu: true });
      const lots = await callAs(test.app, staff.admin, 'GET', `/api/admin/auctions/${each.auctionId}/lots`);
      for (const { id } of lots.json() as { id: number }[]) await write('POST', `/api/admin/lots/${id}/close-early`);
      // A closed lot's fields cleared: what the engine refuses (its price, its end) leaves the texts as they were too.
      for (const lotId of each.lotIds) {
        const lot = states.lot(lotId);
        await clearEach('PATCH', `/api/admin/lots/${lotId}`, Object.keys(lotFields.shape), lot, {
          offeredBy: null,
          startingBid: null,
          multiSalePrice: null,
        });
        await write('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: 'Changed', startingBid: null }, lot);
        await write('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: 'Changed', dateCompleted: inHours(8) }, lot);
        await write('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: 'Changed', isHidden: true }, lot);
      }
      await write('DELETE', `/api/admin/categories/${each.categoryId}`);
      await write('DELETE', `/api/admin/closing-groups/${each.groupId}`);
      await write('DELETE', `/api/admin/teams/${each.teamId}`);
      await write('DELETE', `/api/admin/tabs/${each.tabId}`);
      await write('DELETE', `/api/admin/auction-photos/${each.photoId}`);
    }
    expect(problems).toEqual([]);
    await readsPass(extraReads());

    // Along the lifecycle's moves (auctionStatusMoves): the workers' invoicing takes each completed
    // auction to InvoiceGenerated, the archive comes after it, and out of the archive is back to it.
    const lifecycle = [
      AuctionStatus.Active,
      AuctionStatus.Completed,
      AuctionStatus.Archived,
      AuctionStatus.InvoiceGenerated,
    ];
    for (const status of lifecycle) {
      for (const each of written) await write('POST', `/api/admin/auctions/${each.auctionId}/status`, { status });
      expect(problems).toEqual([]);
      await readsPass(extraReads());
      if (status !== AuctionStatus.Completed) continue;
      // Completed: the workers invoice the sparse auction (the stage sale's winner), the operator
      // records a payment on it by hand, and the bidder and the console read it.
      await test.projections.caughtUp();
      const outcomes = [];
      for (const each of written) {
        outcomes.push(
          await generateInvoices(test.database.db, { redis: test.redis, prefix: test.prefix }, each.auctionId),
        );
      }
      const invoices = await test.database.db
        .selectFrom('invoices')
        .select('public_id')
        .where(
          'auction_id',
          'in',
          written.map((each) => each.auctionId),
        )
        .execute();
      expect(invoices.length, JSON.stringify(outcomes)).toBeGreaterThan(0);
      for (const { public_id } of invoices) {
        await write('POST', `/api/admin/invoices/${public_id}/manual-payments`, {
          amountCents: 1_00,
          method: 'cheque',
          commandId: randomUUID(),
        });
      }
      await readsPass([
        ...extraReads(),
        '/api/account/invoices',
        ...invoices.map(({ public_id }) => `/api/auctions/invoice/${public_id}`),
      ]);
      expect(problems).toEqual([]);
    }
  });
});
