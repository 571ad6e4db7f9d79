import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded photos are kept; the API serves them back by name. */
export interface MediaStore {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has that name. */
  get(name: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Files in a folder (DATA_DIR/media by default). Names are ours (photoRules.photoFileName), never a caller's. */
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
  };
}
