import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BANNERS_PER_AUCTION, MAX_PHOTO_BYTES } from '../../../../../src/media/photoRules.ts';
import { bearer, callAs, newBidder, register } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { otherOrganizationAuction } from '../../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager');
let auctionId: number;

/** A wide photo from a camera, with EXIF data that must not be served back. */
const wideBanner = (width = 3000) =>
  sharp({ create: { width, height: Math.round(width / 4), channels: 3, background: '#1f4f8b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'GPS here' } })
    .toBuffer();

function upload(token: string, id: number, payload: Buffer, contentType = 'image/jpeg') {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/auctions/${id}/photos/upload`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

const bannersOf = async (id: number) =>
  test.database.db.selectFrom('auction_photos').selectAll().where('auction_id', '=', id).orderBy('order').execute();

beforeAll(async () => {
  auctionId = await test.auctionId('demo-gala');
});

describe('uploading a banner photo', () => {
  it("resizes it to the header's width, without its metadata, appended after the auction's banners", async () => {
    const before = await bannersOf(auctionId);
    const response = await upload(staff.manager, auctionId, await wideBanner());
    expect(response.statusCode, response.body).toBe(201);
    const banner = response.json();
    expect(banner.fullPath).toMatch(/^\/api\/media\/banners\/[0-9a-f-]{36}-banner\.webp$/);
    expect(banner.order).toBe(before.length === 0 ? 0 : Math.max(...before.map((b) => b.order)) + 1);

    const served = await test.app.inject({ method: 'GET', url: banner.fullPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.width).toBe(1920);
    expect(metadata.exif).toBeUndefined();

    // A new banner's flags: every language and screen, as the console's form starts them.
    const auction = (await callAs(test.app, staff.manager, 'GET', `/api/admin/auctions/${auctionId}`)).json();
    expect(auction.photos.find((p: { id: number }) => p.id === banner.id)).toMatchObject({
      fullPath: banner.fullPath,
      isUsedInFrench: true,
      isUsedInEnglish: true,
      isUsedOnMobile: true,
      isUsedOnComputer: true,
      isUsedAsBackgroundImage: false,
    });
    // A small image is not enlarged.
    const small = await upload(staff.manager, auctionId, await wideBanner(800));
    const smallServed = await test.app.inject({ method: 'GET', url: small.json().fullPath });
    expect((await sharp(smallServed.rawPayload).metadata()).width).toBe(800);
  });

  it('refuses what is not an image or too large, and answers 404 for a file that is not there, changing nothing', async () => {
    const before = await bannersOf(auctionId);
    const forged = await upload(staff.manager, auctionId, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(forged.statusCode).toBe(415);
    expect(forged.json().message).toBe('photo_not_an_image');
    const empty = await upload(staff.manager, auctionId, Buffer.alloc(0), 'application/octet-stream');
    expect(empty.statusCode).toBe(415);
    const large = await upload(staff.manager, auctionId, Buffer.alloc(MAX_PHOTO_BYTES + 1));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('photo_too_large');
    expect(await bannersOf(auctionId)).toEqual(before);

    const missing = await test.app.inject({
      method: 'GET',
      url: '/api/media/banners/00000000-0000-0000-0000-000000000000-banner.webp',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await test.app.inject({ method: 'GET', url: '/api/media/banners/..%2F..%2Fetc%2Fpasswd' });
    // Only names the store makes are served: anything else is refused before the store is asked.
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().messages).toEqual(['item_not_found']);
  });

  it('keeps an auction to 30 banners, given by address or uploaded, refusing the next either way', async () => {
    const gala = await test.database.db
      .selectFrom('auctions')
      .select('organization_id')
      .where('id', '=', auctionId)
      .executeTakeFirstOrThrow();
    const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
      organizationId: gala.organization_id,
      urlMagicLink: `bannieres-${Date.now()}`,
      translations: { fr: { titleShort: 'Bannières' } },
    });
    const full = created.json().id as number;
    const byAddress = (n: number) =>
      callAs(test.app, staff.manager, 'POST', `/api/admin/auctions/${full}/photos`, {
        fullPath: `https://cdn.example.org/banner-${n}.jpg`,
      });
    for (let n = 1; n < MAX_BANNERS_PER_AUCTION; n += 1) expect((await byAddress(n)).statusCode).toBe(201);
    expect((await upload(staff.manager, full, await wideBanner(800))).statusCode).toBe(201);
    const oneTooMany = await byAddress(31);
    expect(oneTooMany.statusCode).toBe(409);
    expect(oneTooMany.json().message).toBe('too_many_banners');
    const uploadTooMany = await upload(staff.manager, full, await wideBanner(800));
    expect(uploadTooMany.statusCode).toBe(409);
    expect(uploadTooMany.json().message).toBe('too_many_banners');
    expect(await bannersOf(full)).toHaveLength(MAX_BANNERS_PER_AUCTION);
  });

  it("answers 404 for another organisation's auction and 403 to a bidder", async () => {
    const foreign = await otherOrganizationAuction(test.app, staff.admin);
    expect((await upload(staff.manager, foreign, await wideBanner(800))).statusCode).toBe(404);
    expect(await bannersOf(foreign)).toEqual([]);
    const bidder = await register(test.app, newBidder());
    expect((await upload(bidder.json().token, auctionId, await wideBanner(800))).statusCode).toBe(403);
  });
});
