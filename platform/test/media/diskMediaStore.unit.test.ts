import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskMediaStore } from '../../src/media/index.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-store-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('photos in a folder', () => {
  it('lists its files with their last change, not its folders', async () => {
    const dir = join(root, 'media');
    const store = diskMediaStore(dir);
    await store.put('a-large.webp', Buffer.from('a'), 'image/webp');
    await store.put('b-banner.webp', Buffer.from('b'), 'image/webp');
    await mkdir(join(dir, 'folder'));
    const old = new Date('2024-01-02T03:04:05Z');
    await utimes(join(dir, 'a-large.webp'), old, old);

    const listed = [];
    for await (const file of store.list()) listed.push(file);

    expect(listed.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'a-large.webp', lastModified: old },
      { name: 'b-banner.webp', lastModified: (await stat(join(dir, 'b-banner.webp'))).mtime },
    ]);
  });

  it('lists nothing before the first upload made its folder', async () => {
    const listed = [];
    for await (const file of diskMediaStore(join(root, 'not-yet')).list()) listed.push(file);
    expect(listed).toEqual([]);
  });

  it('removes a file, and removing it again is fine', async () => {
    const store = diskMediaStore(root);
    await writeFile(join(root, 'gone-large.webp'), 'x');
    await store.remove('gone-large.webp');
    await store.remove('gone-large.webp');
    expect(await readdir(root)).toEqual([]);
    expect(await store.get('gone-large.webp')).toBeNull();
  });
});
