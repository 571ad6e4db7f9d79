import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The application server's keys of Web Push (RFC 8292): P-256, base64url, the public one uncompressed. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push services may use about our traffic. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@auctions.local';

/** A new P-256 key pair in the encoding web-push and the browser's PushManager take. */
export function generateVapidKeys(): Omit<VapidKeys, 'subject'> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d) throw new Error('no private scalar in the generated key');
  return { publicKey: raw.toString('base64url'), privateKey: jwk.d };
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set; else the pair kept in
 * `<DATA_DIR>/vapid.json`, generated the first time. The API (which gives browsers the public key)
 * and the workers (which sign with the private one) read the same file; whichever comes first
 * writes it, exclusively, and the other reads it. A changed pair would orphan every browser's
 * subscription, so the file is kept across restarts.
 */
export function resolveVapidKeys(
  env: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
  },
  dataDir: string,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = join(dataDir, 'vapid.json');
  try {
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>), subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return { ...keys, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>), subject };
  }
}
