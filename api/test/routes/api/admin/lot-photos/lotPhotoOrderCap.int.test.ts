import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operator } from '@auction/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTOS_PER_LOT } from '../../../../../src/media/lotPhotos.ts';
import { bearer, callAs } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/**
 * A lot photo's `order` stops at MAX_PHOTO_ORDER: an upload goes after the last photo, and an
 * order near the column's limit left it no number (the insert failed with a generic 400, its files
 * left in the store). A store of this file's own, so what it holds is this file's doing.
 */
const mediaDir = mkdtempSync(join(tmpdir(), 'lot-photo-order-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const test = useTestApp({ app: { mediaDir } });
const staff = useDemoStaff(test, 'admin');
const { MAX_PHOTO_ORDER } = operator;
let auctionId: number;

beforeAll(async () => {
  auctionId = await test.auctionId('demo-gala');
});

const photo = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: '#16a085' } })
    .jpeg()
    .toBuffer();

async function upload(lotId: number) {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/lots/${lotId}/photos`,
    headers: { ...bearer(staff.admin), 'content-type': 'image/jpeg' },
    payload: await photo(),
  });
}

async function newLot(): Promise<number> {
  const created = await callAs(test.app, staff.admin, 'POST', `/api/admin/auctions/${auctionId}/lots`, {
    commandId: randomUUID(),
    translations: { fr: { name: 'Panier' } },
    dateCompleted: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const byAddress = (n: number, order?: number) => ({
  fullPathLarge: `https://cdn.example.org/lot-${n}.jpg`,
  ...(order === undefined ? {} : { order }),
});
const setPhotos = (lotId: number, photos: object[]) =>
  callAs(test.app, staff.admin, 'PATCH', `/api/admin/lots/${lotId}`, { photos });

/** The photos as the lot's readers get them: by order, then id. */
async function shownPhotos(lotId: number) {
  const lots = await callAs(test.app, staff.admin, 'GET', `/api/admin/auctions/${auctionId}/lots`);
  const lot = lots.json().find((each: { id: number }) => each.id === lotId);
  return lot.photos.map((p: { fullPath_Large: string; order: number }) => [p.fullPath_Large, p.order]);
}

async function storedFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const file of test.app.lotPhotos.store.list()) names.push(file.name);
  return names.sort();
}

describe("a lot photo's order", () => {
  it('refuses an order above the cap on that field, changing nothing', async () => {
    const lotId = await newLot();
    expect((await setPhotos(lotId, [byAddress(1, 3)])).statusCode).toBe(200);
    const before = await shownPhotos(lotId);
    const refused = await setPhotos(lotId, [byAddress(2, MAX_PHOTO_ORDER + 1)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'validation_failed',
      errors: [{ field: 'body.photos.0.order', message: 'field_too_long' }],
    });
    expect(await shownPhotos(lotId)).toEqual(before);
    const atTheCap = await setPhotos(lotId, [byAddress(3, MAX_PHOTO_ORDER)]);
    expect(atTheCap.statusCode, atTheCap.body).toBe(200);
  });

  it('still takes uploads after a photo at a larger order stored before the cap, shown after it', async () => {
    const lotId = await newLot();
    expect((await setPhotos(lotId, [byAddress(1, 0), byAddress(2, 1)])).statusCode).toBe(200);
    // The column's largest number, as the API took it before the cap.
    await test.database.db
      .updateTable('lot_photos')
      .set({ order: 2_147_483_647 })
      .where('lot_id', '=', lotId)
      .where('full_path_large', '=', 'https://cdn.example.org/lot-2.jpg')
      .execute();
    const uploaded = await upload(lotId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await shownPhotos(lotId)).toEqual([
      ['https://cdn.example.org/lot-1.jpg', 0],
      ['https://cdn.example.org/lot-2.jpg', 2_147_483_647],
      [uploaded.json().fullPathLarge, 2_147_483_647],
    ]);
    const served = await test.app.inject({ method: 'GET', url: uploaded.json().fullPathMedium });
    expect(served.statusCode).toBe(200);
  });

  it('still takes uploads after a photo at the cap, shown after it without passing the cap', async () => {
    const lotId = await newLot();
    expect((await setPhotos(lotId, [byAddress(1, 0), byAddress(2, MAX_PHOTO_ORDER)])).statusCode).toBe(200);
    const uploaded = await upload(lotId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().order).toBe(MAX_PHOTO_ORDER);
    expect((await shownPhotos(lotId)).at(-1)).toEqual([uploaded.json().fullPathLarge, MAX_PHOTO_ORDER]);
    // The lot's photos as read can be sent back as they are.
    const photos = (await shownPhotos(lotId)).map(([fullPathLarge, order]: [string, number]) => ({
      fullPathLarge,
      order,
    }));
    expect((await setPhotos(lotId, photos)).statusCode).toBe(200);
  });

  it('leaves no file in the store when the upload is refused after writing them', async () => {
    const lotId = await newLot();
    const full = Array.from({ length: MAX_PHOTOS_PER_LOT }, (_, n) => byAddress(n));
    expect((await setPhotos(lotId, full)).statusCode).toBe(200);
    const before = await storedFiles();
    const refused = await upload(lotId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('too_many_photos');
    expect(await storedFiles()).toEqual(before);
  });
});
