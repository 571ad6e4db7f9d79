import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../../../../src/media/photoRules.ts';
import { bearer, callAs, newBidder, register } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { otherOrganizationAuction } from '../../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager');
let lotId: number;

/** A camera's photo: wider than the large size, with EXIF data that must not be served back. */
const cameraPhoto = (width = 2400) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS here' } })
    .toBuffer();

function upload(token: string, id: number, payload: Buffer, contentType = 'image/jpeg') {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/lots/${id}/photos`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

/** A lot added to an auction as the console's editor adds it, at its least; answers its id. */
async function addLot(token: string, auctionId: number, name: string): Promise<number> {
  const created = await callAs(test.app, token, 'POST', `/api/admin/auctions/${auctionId}/lots`, {
    commandId: randomUUID(),
    translations: { fr: { name } },
    dateCompleted: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const photosOf = async (id: number) =>
  test.database.db.selectFrom('lot_photos').selectAll().where('lot_id', '=', id).orderBy('order').execute();

beforeAll(async () => {
  lotId = await addLot(staff.manager, await test.auctionId('demo-gala'), 'Panier gourmand');
});

describe('uploading a lot photo', () => {
  it('resizes it into the large and medium sizes, without its metadata, served under stable addresses', async () => {
    const response = await upload(staff.manager, lotId, await cameraPhoto());
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json();
    expect(photo.fullPathLarge).toMatch(/^\/api\/media\/lot-photos\/[0-9a-f-]{36}-large\.webp$/);
    for (const [path, width] of [
      [photo.fullPathLarge, 1600],
      [photo.fullPathMedium, 600],
    ] as const) {
      const served = await test.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.width).toBe(width);
      expect(metadata.exif).toBeUndefined();
    }
    // The bidder's lot page shows it.
    const lot = await callAs(
      test.app,
      staff.manager,
      'GET',
      `/api/admin/auctions/${await test.auctionId('demo-gala')}/lots`,
    );
    const shown = lot.json().find((each: { id: number }) => each.id === lotId);
    expect(shown.photos.map((p: { fullPath_Large: string }) => p.fullPath_Large)).toContain(photo.fullPathLarge);
  });

  it('appends several photos sent at once, each in its own place', async () => {
    const before = (await photosOf(lotId)).length;
    const answers = await Promise.all([1, 2, 3].map(async () => upload(staff.manager, lotId, await cameraPhoto(800))));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const orders = (await photosOf(lotId)).map((p) => p.order);
    expect(orders).toHaveLength(before + 3);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('refuses what is not an image, whatever its content type claims, changing nothing', async () => {
    const before = await photosOf(lotId);
    const forged = await upload(staff.manager, lotId, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(forged.statusCode).toBe(415);
    expect(forged.json().message).toBe('photo_not_an_image');
    const text = await upload(staff.manager, lotId, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('photo_not_an_image');
    expect(await photosOf(lotId)).toEqual(before);
  });

  it('refuses a file over the limit', async () => {
    const response = await upload(staff.manager, lotId, Buffer.alloc(MAX_PHOTO_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('photo_too_large');
  });

  it("answers 404 for another organisation's lot and 403 to a bidder", async () => {
    const foreignLot = await addLot(staff.admin, await otherOrganizationAuction(test.app, staff.admin), 'Ailleurs');
    const foreign = await upload(staff.manager, foreignLot, await cameraPhoto(800));
    expect(foreign.statusCode).toBe(404);
    expect(await photosOf(foreignLot)).toEqual([]);

    const bidder = await register(test.app, newBidder());
    const refused = await upload(bidder.json().token, lotId, await cameraPhoto(800));
    expect(refused.statusCode).toBe(403);
  });
});
