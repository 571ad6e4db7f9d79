import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';

export interface PostgresLocationInput {
  /** The uid `npm start` or `npm test` runs as. */
  uid: number;
  home: string;
  xdgCacheHome?: string | undefined;
  /** Version of the PostgreSQL binaries, so two versions never share a cache folder. */
  version: string;
  /** Where the caller would like the data (for example `.data/postgres` in the clone). */
  requestedDataDir: string;
}

export interface PostgresLocation {
  /** A copy of the npm package's binaries that the server's user can reach and execute. */
  binDir: string;
  dataDir: string;
  /** Whether the server runs as the `postgres` system user (we are root, and initdb refuses root). */
  asSystemUser: boolean;
}

/** Root's machine-wide folders; the `postgres` user can traverse /var/cache and /var/lib. */
export const SYSTEM_CACHE_DIR = '/var/cache/charity-auctions';
export const SYSTEM_DATA_DIR = '/var/lib/charity-auctions';

/**
 * Where the embedded PostgreSQL keeps its binaries and data. A clone may sit in a folder only its
 * owner can enter (`mktemp -d`, anything under /root); PostgreSQL refuses to run as root, so as
 * root the server runs as `postgres`, which cannot reach into such a folder. Rather than loosen
 * the permissions of the user's own folders, the binaries are copied to a cache folder and, as
 * root, the data lives in a machine-wide folder made for `postgres`, one per requested data
 * folder (so two clones, or a start and a test run, never share a cluster).
 */
export function postgresLocation(input: PostgresLocationInput): PostgresLocation {
  const requested = resolve(input.requestedDataDir);
  if (input.uid === 0) {
    const key = createHash('sha256').update(requested).digest('hex').slice(0, 16);
    return {
      binDir: join(SYSTEM_CACHE_DIR, `postgres-${input.version}`),
      dataDir: join(SYSTEM_DATA_DIR, key, 'postgres'),
      asSystemUser: true,
    };
  }
  const cache = input.xdgCacheHome || join(input.home, '.cache');
  return {
    binDir: join(cache, 'charity-auctions', `postgres-${input.version}`),
    dataDir: requested,
    asSystemUser: false,
  };
}
