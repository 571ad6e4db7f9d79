import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3Double, startS3Double } from '@auction/platform';
import {
  diskMediaStore,
  type MediaStore,
  type PhotoFileSize,
  parseS3Url,
  photoFileName,
  s3MediaStore,
} from '@auction/platform/media';
import {
  createTestDatabase,
  eventually,
  insertBareAuction,
  type TestDatabase,
  testPrefix,
  testRedisUrl,
} from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPhotos } from '../../src/media/collectPhotos.ts';
import { PHOTO_COLLECTION_GRACE_MS } from '../../src/media/photoCollection.ts';
import { startPhotoCollectionWorker } from '../../src/media/photoCollectionWorker.ts';

let database: TestDatabase;
let s3: S3Double;
let root: string;
beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startS3Double();
  root = await mkdtemp(join(tmpdir(), 'photo-collection-'));
});
afterAll(async () => {
  await database?.drop();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

/** A store under test, with what the tests do to it beside the store's own calls. */
interface StoreUnderTest {
  store: MediaStore;
  /** Writes a file of someone else's beside the photos. */
  putForeign(name: string): Promise<void>;
  /** Makes a file look written at `at`. */
  age(name: string, at: Date): Promise<void>;
  /** The names the store holds now. */
  names(): Promise<string[]>;
}

function diskStore(): StoreUnderTest {
  const dir = join(root, randomUUID());
  return {
    store: diskMediaStore(dir),
    putForeign: (name) => writeFile(join(dir, name), 'not a photo'),
    age: (name, at) => utimes(join(dir, name), at, at),
    names: async () => (await readdir(dir)).sort(),
  };
}

function s3Store(): StoreUnderTest {
  const bucket = `media-${randomUUID()}`;
  const location = parseS3Url(s3.s3Url(bucket, 'prod'));
  // Pages of three keys: the collection goes through every page of the listing.
  const store = s3MediaStore(location, { listPageSize: 3 });
  const key = (name: string) => `prod/${name}`;
  return {
    store,
    putForeign: (name) => store.put(name, Buffer.from('not a photo'), 'text/plain'),
    async age(name, at) {
      const object = s3.objects(bucket).get(key(name));
      if (!object) throw new Error(`no object ${name}`);
      object.lastModified = at;
    },
    names: async () => [...s3.objects(bucket).keys()].map((k) => k.slice('prod/'.length)).sort(),
  };
}

const DAY = 24 * 60 * 60_000;

/** A photo's file as the API's upload writes it: resized bytes under a name of ours. */
async function upload(store: MediaStore, size: PhotoFileSize): Promise<string> {
  const name = photoFileName(randomUUID(), size);
  await store.put(name, Buffer.from(`webp ${name}`), 'image/webp');
  return name;
}

describe.each([
  ['on disk', diskStore],
  ['in an S3 bucket', s3Store],
])('collecting the stored photos %s', (_where, open) => {
  it('removes the old files no row names, and keeps the named, the young and the foreign', async () => {
    const { store, putForeign, age, names } = open();
    const { db } = database;
    const { auctionId } = await insertBareAuction(db);
    const lot = await db
      .insertInto('lots')
      .values({ auction_id: auctionId, date_completed: new Date(Date.now() + DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gone = await db
      .insertInto('lots')
      .values({ auction_id: auctionId, date_completed: new Date(Date.now() + DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Given a lot photo kept and one removed, a lot deleted with its photo, a banner kept and one removed
    const kept = { large: await upload(store, 'large'), medium: await upload(store, 'medium') };
    const removed = { large: await upload(store, 'large'), medium: await upload(store, 'medium') };
    const ofGoneLot = { large: await upload(store, 'large'), medium: await upload(store, 'medium') };
    for (const [lotId, photo] of [
      [lot.id, kept],
      [lot.id, removed],
      [gone.id, ofGoneLot],
    ] as const) {
      await db
        .insertInto('lot_photos')
        .values({
          lot_id: lotId,
          full_path_large: `/api/media/lot-photos/${photo.large}`,
          full_path_medium: `/api/media/lot-photos/${photo.medium}`,
        })
        .execute();
    }
    const keptBanner = await upload(store, 'banner');
    const removedBanner = await upload(store, 'banner');
    for (const banner of [keptBanner, removedBanner]) {
      await db
        .insertInto('auction_photos')
        .values({ auction_id: auctionId, full_path: `/api/media/banners/${banner}` })
        .execute();
    }
    // …a banner's file an operator gave by its full address as the French banner
    const frenchBanner = await upload(store, 'banner');
    await db
      .updateTable('auctions')
      .set({ banner_french: `https://auctions.example/api/media/banners/${frenchBanner}` })
      .where('id', '=', auctionId)
      .execute();
    // …an upload refused after its file was written (or cut short by a kill), and a file of someone else's
    const neverRowed = await upload(store, 'large');
    await putForeign('notes.txt');
    // …the removals, and all of it written two days ago but one upload still in flight
    await db.deleteFrom('lot_photos').where('full_path_large', '=', `/api/media/lot-photos/${removed.large}`).execute();
    await db.deleteFrom('lots').where('id', '=', gone.id).execute();
    await db.deleteFrom('auction_photos').where('full_path', '=', `/api/media/banners/${removedBanner}`).execute();
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    for (const name of await names()) await age(name, twoDaysAgo);
    const inFlight = await upload(store, 'medium');

    // When the collection runs
    const result = await collectPhotos({ db, store });

    // Then only the old files no row names are gone
    expect(await names()).toEqual([kept.large, kept.medium, keptBanner, frenchBanner, inFlight, 'notes.txt'].sort());
    expect(result).toEqual({ listed: 12, removed: 6 });
    expect(await store.get(removed.large)).toBeNull();
    expect(await store.get(neverRowed)).toBeNull();

    // And a second run finds nothing more to remove
    expect(await collectPhotos({ db, store })).toEqual({ listed: 6, removed: 0 });

    // And the upload in flight goes once the grace period has passed with no row
    const later = Date.now() + PHOTO_COLLECTION_GRACE_MS + 60_000;
    expect((await collectPhotos({ db, store, clock: () => later })).removed).toBe(1);
    expect(await names()).not.toContain(inFlight);
  });
});

describe('a row naming an old file again while the store is listed', () => {
  it('keeps that file: the rows are read again before removing', async () => {
    const { store, age, names } = diskStore();
    const { db } = database;
    const { auctionId } = await insertBareAuction(db);
    // Given a banner removed two days ago, its file unnamed since
    const banner = await upload(store, 'banner');
    await age(banner, new Date(Date.now() - 2 * DAY));
    // When an operator pastes its address back as the auction's English banner while the run lists the store
    const listing: MediaStore = {
      ...store,
      async *list() {
        await db
          .updateTable('auctions')
          .set({ banner_english: `/api/media/banners/${banner}` })
          .where('id', '=', auctionId)
          .execute();
        yield* store.list();
      },
    };
    const result = await collectPhotos({ db, store: listing });
    // Then the file stays
    expect(result).toEqual({ listed: 1, removed: 0 });
    expect(await names()).toEqual([banner]);
  });
});

describe('the photo collection job', () => {
  it('goes through the store periodically and says how many files it removed', async () => {
    const { store, names } = diskStore();
    await upload(store, 'large');
    const lines: string[] = [];
    const worker = startPhotoCollectionWorker({
      db: database.db,
      store,
      connection: { url: testRedisUrl() },
      prefix: testPrefix(),
      everyMs: 300,
      graceMs: 0,
      log: (line) => lines.push(line),
    });
    try {
      await eventually(async () => expect(await names()).toEqual([]));
      expect(lines).toContainEqual(expect.stringMatching(/photo collection: 1 unnamed files removed of 1 stored/));
    } finally {
      await worker.stop();
    }
  });
});
