import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const SIGNING_KEY_FILE = 'audit-signing-key.pem';

/**
 * The Ed25519 key that signs checkpoints and receipts: AUDIT_SIGNING_KEY (a PKCS#8 PEM, or its
 * DER in base64) when set; otherwise the first process writes one into DATA_DIR and every other
 * process (API, workers, the verifier) and later start reads it, so signatures stay verifiable
 * across restarts. The file is created exclusively, so two processes starting together agree.
 */
export function loadSigningKey(options: { key?: string | undefined; dataDir: string }): KeyObject {
  if (options.key) {
    const text = options.key.trim();
    return text.startsWith('-----')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = resolve(options.dataDir, SIGNING_KEY_FILE);
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return createPrivateKey(readFileSync(file, 'utf8'));
}
