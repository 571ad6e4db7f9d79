import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config.ts';

/**
 * The application's secret. Every API process must sign and verify tokens with it, and the workers
 * sign the unsubscribe links of the emails they send with a key derived from it. In production it comes from
 * JWT_SECRET; on a developer's machine the first process writes one into DATA_DIR and the others
 * (and later starts, so logins survive a restart) read it.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production')
    throw new Error('JWT_SECRET must be set in production (32 characters or more).');
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = resolve(config.DATA_DIR, 'jwt-secret');
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
