import { text } from 'node:stream/consumers';
import { type S3Double, startS3Double } from '@auction/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseS3Url, s3MediaStore } from '../../src/media/index.ts';

let s3: S3Double;
beforeAll(async () => {
  s3 = await startS3Double();
});
afterAll(() => s3.stop());

describe('S3_URL', () => {
  it('gives the endpoint, region, bucket, key prefix and URL-encoded credentials', () => {
    expect(
      parseS3Url('https://AKID:se%2Fcret@s3.ca-central-1.amazonaws.com/photos/prod/lots?region=ca-central-1'),
    ).toEqual({
      endpoint: 'https://s3.ca-central-1.amazonaws.com',
      region: 'ca-central-1',
      bucket: 'photos',
      prefix: 'prod/lots/',
      accessKeyId: 'AKID',
      secretAccessKey: 'se/cret',
    });
    expect(parseS3Url('http://k:s@minio:9000/b').region).toBe('us-east-1');
  });

  it('refuses what is not one, naming the variable', () => {
    for (const bad of ['photos', 'ftp://k:s@h/b', 'https://k:s@host', 'https://host/bucket']) {
      expect(() => parseS3Url(bad)).toThrow(/S3_URL/);
    }
  });
});

describe('photos in an S3 bucket, through the SDK, signed', () => {
  it('stores under the prefix, with the type and a year of caching, and reads back; a missing name is null', async () => {
    const store = s3MediaStore(parseS3Url(s3.s3Url('media', 'demo')));
    await store.put('a1-large.webp', Buffer.from('webp bytes'), 'image/webp');
    const object = s3.objects('media').get('demo/a1-large.webp');
    expect(object).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    const read = await store.get('a1-large.webp');
    expect(read?.size).toBe(10);
    expect(await text(read?.stream as NodeJS.ReadableStream)).toBe('webp bytes');
    expect(await store.get('unknown.webp')).toBeNull();
  });

  it('a wrong secret is refused by the service and nothing is stored', async () => {
    const location = parseS3Url(s3.s3Url('media'));
    const store = s3MediaStore({ ...location, secretAccessKey: 'not-the-secret' });
    await expect(store.put('b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/signature/i);
    expect(s3.objects('media').has('b.webp')).toBe(false);
  });
});

describe('listing and removing the photos of an S3 bucket', () => {
  it('lists every file under the prefix page by page, with its last change, and nothing beside or below it', async () => {
    // Given a bucket shared by two installations, and a folder under this one's prefix
    const url = s3.s3Url('shared', 'prod');
    const store = s3MediaStore(parseS3Url(url), { listPageSize: 2 });
    const names = ['a-large.webp', 'b-medium.webp', 'c-banner.webp', 'd-large.webp', 'e-medium.webp'];
    for (const name of names) await store.put(name, Buffer.from(name), 'image/webp');
    const other = s3MediaStore(parseS3Url(s3.s3Url('shared', 'staging')));
    await other.put('z-large.webp', Buffer.from('z'), 'image/webp');
    await store.put('thumbnails/f-large.webp', Buffer.from('f'), 'image/webp');
    const written = s3.objects('shared').get('prod/a-large.webp')?.lastModified;

    // When the store is listed two keys at a time
    const listed = [];
    for await (const file of store.list()) listed.push(file);

    // Then every file of its own comes once, across the pages, by its name under the prefix
    expect(listed.map((file) => file.name)).toEqual(names);
    expect(listed[0]?.lastModified.getTime()).toBe(written?.getTime());
  });

  it('removes a file, and removing it again or a name never stored is fine', async () => {
    const store = s3MediaStore(parseS3Url(s3.s3Url('removals', 'p')));
    await store.put('gone-large.webp', Buffer.from('x'), 'image/webp');
    await store.put('kept-large.webp', Buffer.from('y'), 'image/webp');
    await store.remove('gone-large.webp');
    await store.remove('gone-large.webp');
    await store.remove('never-large.webp');
    expect([...s3.objects('removals').keys()]).toEqual(['p/kept-large.webp']);
    expect(await store.get('gone-large.webp')).toBeNull();
  });

  it('lists nothing in an empty bucket', async () => {
    const store = s3MediaStore(parseS3Url(s3.s3Url('empty')));
    const listed = [];
    for await (const file of store.list()) listed.push(file);
    expect(listed).toEqual([]);
  });
});
