import { describe, expect, it } from 'vitest';
import { postgresLocation, SYSTEM_CACHE_DIR, SYSTEM_DATA_DIR } from '../../src/services/postgresLocation.ts';

describe('where the embedded PostgreSQL lives', () => {
  const base = { home: '/home/ana', version: '18.4.0', requestedDataDir: '/home/ana/clone/.data/postgres' };

  it('an ordinary user keeps the data in the clone and the binaries in their cache folder', () => {
    expect(postgresLocation({ ...base, uid: 1000 })).toEqual({
      binDir: '/home/ana/.cache/charity-auctions/postgres-18.4.0',
      dataDir: '/home/ana/clone/.data/postgres',
      asSystemUser: false,
    });
  });

  it('follows XDG_CACHE_HOME when it is set', () => {
    expect(postgresLocation({ ...base, uid: 1000, xdgCacheHome: '/tmp/cache' }).binDir).toBe(
      '/tmp/cache/charity-auctions/postgres-18.4.0',
    );
  });

  it('as root, binaries and data move out of the (possibly private) clone, one cluster per requested folder', () => {
    const one = postgresLocation({ ...base, uid: 0, home: '/root', requestedDataDir: '/root/a/.data/postgres' });
    const two = postgresLocation({ ...base, uid: 0, home: '/root', requestedDataDir: '/root/b/.data/postgres' });
    expect(one.asSystemUser).toBe(true);
    expect(one.binDir).toBe(`${SYSTEM_CACHE_DIR}/postgres-18.4.0`);
    expect(one.dataDir.startsWith(`${SYSTEM_DATA_DIR}/`)).toBe(true);
    expect(one.dataDir).not.toBe(two.dataDir);
    expect(postgresLocation({ ...base, uid: 0, home: '/root', requestedDataDir: '/root/a/.data/postgres' })).toEqual(
      one,
    );
  });
});
