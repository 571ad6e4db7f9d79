import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from '@auction/contract/canonicalJson';
import { merkleRoot, type StreamHead } from './merkle.ts';

/** A signed checkpoint as stored and exported. Times are epoch ms; keys and signatures base64. */
export interface Checkpoint {
  id: string;
  root: string;
  streamCount: number;
  heads: StreamHead[];
  signedAt: number;
  /** Ed25519 public key, SPKI DER in base64. */
  publicKey: string;
  signature: string;
}

/** The bytes a checkpoint's signature covers: its root, how many streams and when. */
export function checkpointPayload(root: string, streamCount: number, signedAt: number): string {
  return canonicalJson({ audit: 1, kind: 'checkpoint', root, signedAt, streamCount });
}

export function publicKeyText(key: KeyObject): string {
  return createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** A checkpoint over these heads, signed now with the audit key. */
export function signCheckpoint(heads: StreamHead[], key: KeyObject, signedAt: number): Omit<Checkpoint, 'id'> {
  const root = merkleRoot(heads);
  const signature = sign(null, Buffer.from(checkpointPayload(root, heads.length, signedAt)), key).toString('base64');
  return { root, streamCount: heads.length, heads, signedAt, publicKey: publicKeyText(key), signature };
}

/** Ed25519 signature of any canonical payload with the audit key, base64. */
export function signPayload(payload: string, key: KeyObject): string {
  return sign(null, Buffer.from(payload), key).toString('base64');
}

/**
 * Node's base64 decoder skips what is not base64 and a missing padding, so one signature would
 * verify under many spellings; only its one canonical spelling is accepted, so that a receipt or
 * checkpoint stored or compared by its signature is one text.
 */
function isCanonicalBase64(text: string): boolean {
  return Buffer.from(text, 'base64').toString('base64') === text;
}

export function verifyPayload(payload: string, signature: string, publicKey: string): boolean {
  if (!isCanonicalBase64(signature)) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(payload), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** What is wrong with a checkpoint on its own (its root, its signature, its key), or null. */
export function checkpointFault(checkpoint: Checkpoint, trustedKey?: string): string | null {
  if (trustedKey !== undefined && checkpoint.publicKey !== trustedKey) {
    return `checkpoint ${checkpoint.id} is signed by another key than the audit key`;
  }
  if (merkleRoot(checkpoint.heads) !== checkpoint.root || checkpoint.heads.length !== checkpoint.streamCount) {
    return `checkpoint ${checkpoint.id}: its heads do not give its root`;
  }
  const payload = checkpointPayload(checkpoint.root, checkpoint.streamCount, checkpoint.signedAt);
  if (!verifyPayload(payload, checkpoint.signature, checkpoint.publicKey)) {
    return `checkpoint ${checkpoint.id}: its signature does not verify`;
  }
  return null;
}
