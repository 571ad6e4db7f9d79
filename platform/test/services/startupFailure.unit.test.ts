import { describe, expect, it } from 'vitest';
import { describeStartupFailure, type StartupFailureInput } from '../../src/services/startupFailure.ts';

const postgres: StartupFailureInput = {
  service: 'PostgreSQL',
  port: 54329,
  dataDir: '/data/postgres',
  urlVariable: 'DATABASE_URL',
  portVariable: 'EMBEDDED_PG_PORT',
  binary: '/cache/bin/postgres',
};

describe('a service that cannot start says why in one sentence, with the variable to set', () => {
  it('port taken', () => {
    const fromNode = describeStartupFailure({ ...postgres, code: 'EADDRINUSE' });
    const fromServer = describeStartupFailure({
      ...postgres,
      output: 'LOG: could not bind IPv4 address "127.0.0.1": Address already in use',
    });
    for (const message of [fromNode, fromServer]) {
      expect(message).toContain('port 54329 is already in use');
      expect(message).toContain('EMBEDDED_PG_PORT');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('binary unreachable', () => {
    const message = describeStartupFailure({ ...postgres, code: 'EACCES' });
    expect(message).toContain('permission denied on /cache/bin/postgres');
    expect(message).toContain('DATA_DIR');
  });

  it('data directory from another version', () => {
    const message = describeStartupFailure({
      ...postgres,
      output:
        'FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL version 16, which is not compatible with this version 18.4.',
    });
    expect(message).toContain('another PostgreSQL version (made by PostgreSQL 16, this server is 18)');
    expect(message).toContain('DATA_DIR');
  });

  it('disk full', () => {
    const message = describeStartupFailure({
      ...postgres,
      output: 'could not write to file "pg_wal/xlogtemp": No space left on device',
    });
    expect(message).toContain('no space left on the disk holding /data/postgres');
  });

  it('Redis names its own variables', () => {
    const message = describeStartupFailure({
      service: 'Redis',
      code: 'EADDRINUSE',
      port: 63799,
      dataDir: '/data/redis',
      urlVariable: 'REDIS_URL',
      portVariable: 'EMBEDDED_REDIS_PORT',
    });
    expect(message).toBe(
      'Redis could not start: port 63799 is already in use. Set EMBEDDED_REDIS_PORT to a free port, or set REDIS_URL to use a server of your own.',
    );
  });

  it('anything else ends with the server’s last words, still one message', () => {
    const message = describeStartupFailure({ ...postgres, output: 'a\nb\nFATAL: something odd' });
    expect(message).toContain('FATAL: something odd');
    expect(message).not.toContain('\n');
  });
});
