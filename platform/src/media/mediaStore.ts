import type { Readable } from 'node:stream';

/** One file of the store as a listing gives it: its name and when it was last written. */
export interface StoredFile {
  name: string;
  lastModified: Date;
}

/**
 * Where uploaded photos are kept (DATA_DIR/media, or S3_URL's bucket): the API writes them and
 * serves them back by name; the workers list them and remove those no row names any more
 * (docs/operator-api.md "Lot photos").
 */
export interface MediaStore {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has that name. */
  get(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Every file of this store (its folder, or its key prefix in the bucket), read page by page. */
  list(): AsyncIterable<StoredFile>;
  /** Removes the file; a name with no file is already done. */
  remove(name: string): Promise<void>;
}
