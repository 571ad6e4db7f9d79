import { createReadStream } from 'node:fs';
import { mkdir, opendir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStore } from './mediaStore.ts';

/** Files in a folder (DATA_DIR/media by default). Names are ours (photoFileName), never a caller's. */
export function diskMediaStore(dir: string): MediaStore {
  let ready: Promise<unknown> | undefined;
  return {
    async put(name, bytes) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      await writeFile(join(dir, name), bytes);
    },
    async get(name) {
      const path = join(dir, name);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return null;
      return { stream: createReadStream(path), size: found.size };
    },
    async *list() {
      // No folder yet: nothing was ever uploaded.
      const folder = await opendir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!folder) return;
      for await (const entry of folder) {
        if (!entry.isFile()) continue;
        // Removed between the listing and its stat: not a file of the store any more.
        const found = await stat(join(dir, entry.name)).catch(() => null);
        if (found) yield { name: entry.name, lastModified: found.mtime };
      }
    },
    async remove(name) {
      await unlink(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
