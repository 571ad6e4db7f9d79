import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operator } from '@auction/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BANNERS_PER_AUCTION } from '../../../../../src/media/photoRules.ts';
import { bearer, callAs } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/**
 * A banner's `order` stops at MAX_PHOTO_ORDER, as a lot photo's: an upload goes after the last
 * banner, and an order near the column's limit left it no number (the insert failed, its file left
 * in the store). A store of this file's own, so what it holds is this file's doing.
 */
const mediaDir = mkdtempSync(join(tmpdir(), 'banner-order-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const test = useTestApp({ app: { mediaDir } });
const staff = useDemoStaff(test, 'admin');
const { MAX_PHOTO_ORDER } = operator;
let organizationId: number;

beforeAll(async () => {
  const gala = await test.database.db
    .selectFrom('auctions')
    .select('organization_id')
    .where('id', '=', await test.auctionId('demo-gala'))
    .executeTakeFirstOrThrow();
  organizationId = gala.organization_id;
});

async function newAuction(): Promise<number> {
  const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
    organizationId,
    urlMagicLink: `bannieres-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    translations: { fr: { titleShort: 'Bannières' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function upload(auctionId: number) {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/auctions/${auctionId}/photos/upload`,
    headers: { ...bearer(staff.admin), 'content-type': 'image/jpeg' },
    payload: await sharp({ create: { width: 800, height: 200, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer(),
  });
}

const byAddress = (auctionId: number, n: number, order?: number) =>
  callAs(test.app, staff.admin, 'POST', `/api/admin/auctions/${auctionId}/photos`, {
    fullPath: `https://cdn.example.org/banner-${n}.jpg`,
    ...(order === undefined ? {} : { order }),
  });

/** The banners as the auction's answer gives them: by order, then id. */
async function shownBanners(auctionId: number) {
  const auction = await callAs(test.app, staff.admin, 'GET', `/api/admin/auctions/${auctionId}`);
  return auction.json().photos.map((p: { fullPath: string; order: number }) => [p.fullPath, p.order]);
}

async function storedFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const file of test.app.lotPhotos.store.list()) names.push(file.name);
  return names.sort();
}

describe("a banner's order", () => {
  it('refuses an order above the cap on that field, given or edited, changing nothing', async () => {
    const auctionId = await newAuction();
    const added = await byAddress(auctionId, 1, MAX_PHOTO_ORDER);
    expect(added.statusCode, added.body).toBe(201);
    const before = await shownBanners(auctionId);
    const refused = await byAddress(auctionId, 2, MAX_PHOTO_ORDER + 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'body.order', message: 'field_too_long' }] });
    const edited = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/auction-photos/${added.json().id}`, {
      order: 2_147_483_647,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject({ errors: [{ field: 'body.order', message: 'field_too_long' }] });
    expect(await shownBanners(auctionId)).toEqual(before);
  });

  it('still takes uploads after a banner at a larger order stored before the cap, shown after it', async () => {
    const auctionId = await newAuction();
    expect((await byAddress(auctionId, 1)).statusCode).toBe(201);
    // The column's largest number, as the API took it before the cap.
    await test.database.db
      .updateTable('auction_photos')
      .set({ order: 2_147_483_647 })
      .where('auction_id', '=', auctionId)
      .execute();
    const uploaded = await upload(auctionId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await shownBanners(auctionId)).toEqual([
      ['https://cdn.example.org/banner-1.jpg', 2_147_483_647],
      [uploaded.json().fullPath, 2_147_483_647],
    ]);
    expect((await test.app.inject({ method: 'GET', url: uploaded.json().fullPath })).statusCode).toBe(200);
  });

  it('still takes uploads after a banner at the cap, shown after it without passing the cap', async () => {
    const auctionId = await newAuction();
    expect((await byAddress(auctionId, 1, MAX_PHOTO_ORDER)).statusCode).toBe(201);
    const uploaded = await upload(auctionId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().order).toBe(MAX_PHOTO_ORDER);
    expect((await shownBanners(auctionId)).at(-1)).toEqual([uploaded.json().fullPath, MAX_PHOTO_ORDER]);
    // Its order as read can be sent back as it is.
    const edited = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/auction-photos/${uploaded.json().id}`, {
      order: uploaded.json().order,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('leaves no file in the store when the upload is refused after writing it', async () => {
    const auctionId = await newAuction();
    for (let n = 0; n < MAX_BANNERS_PER_AUCTION; n += 1) expect((await byAddress(auctionId, n)).statusCode).toBe(201);
    const before = await storedFiles();
    const refused = await upload(auctionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('too_many_banners');
    expect(await storedFiles()).toEqual(before);
  });
});
