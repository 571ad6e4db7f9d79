import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer } from 'node:http';
import { readBody } from './doubleHttp.ts';
import { listen } from './listen.ts';

/** A browser's subscription as the Push API gives it, pointing at the double. */
export interface DoubleSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One push the double accepted, decrypted. */
export interface ReceivedPush {
  endpoint: string;
  /** The VAPID public key (`k=`) the request was signed with. */
  vapidPublicKey: string;
  /** The JWT's claims: `aud` (the double's origin), `exp`, `sub`. */
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  topic: string | null;
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown;
}

export interface PushServiceDouble {
  /** http://host:port: the origin of every endpoint it hands out. */
  url: string;
  /** A new browser subscription whose pushes the double can decrypt (it keeps the browser's private key). */
  subscribe(): DoubleSubscription;
  /** The browser was uninstalled: the endpoint answers 410 Gone from now on. */
  expire(endpoint: string): void;
  /** Every push accepted so far, oldest first. */
  received(): ReceivedPush[];
  stop(): Promise<void>;
}

/**
 * A local stand-in for a Web Push service (FCM, Mozilla autopush) at the network boundary: it
 * takes web-push's requests as the real services do, RFC 8030 POSTs of an RFC 8291 `aes128gcm`
 * body, refuses them (401/403) without a valid RFC 8292 VAPID `Authorization: vapid t=…, k=…`
 * whose audience is its origin, decrypts them with the subscription's keys, and answers 201.
 * Unknown endpoints answer 404 and expired ones 410, as a browser's gone subscription does.
 */
export async function startPushServiceDouble(
  options: { port?: number; host?: string } = {},
): Promise<PushServiceDouble> {
  const host = options.host ?? '127.0.0.1';
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer; gone: boolean }>();
  const accepted: ReceivedPush[] = [];
  let origin = '';

  const server = createServer((request, response) => {
    const answer = (status: number, text = '') => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(text);
    };
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !id) return answer(404, 'not found');
    const browser = browsers.get(id);
    if (!browser) return answer(404, 'no such subscription');
    if (browser.gone) return answer(410, 'subscription expired');
    // Push services take at most 4 KiB of payload.
    readBody(request, 8192)
      .then((body) => {
        const vapid = checkVapid(request.headers.authorization, origin);
        if (typeof vapid === 'string') return answer(vapid === 'missing' ? 401 : 403, vapid);
        if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'aes128gcm expected');
        const plain = decrypt(body, browser.ecdh, browser.auth);
        if (!plain) return answer(400, 'cannot decrypt');
        accepted.push({
          endpoint: `${origin}/push/${id}`,
          vapidPublicKey: vapid.k,
          claims: vapid.claims,
          ttl: Number(request.headers.ttl ?? 0),
          topic: typeof request.headers.topic === 'string' ? request.headers.topic : null,
          payload: parsed(plain),
        });
        response.writeHead(201, { location: `${origin}/messages/${randomUUID()}` });
        response.end();
      })
      .catch(() => answer(400, 'bad request'));
  });
  await listen(server, options.port ?? 0, host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://${host}:${port}`;

  return {
    url: origin,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth, gone: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire(endpoint) {
      const browser = browsers.get(endpoint.split('/').at(-1) ?? '');
      if (browser) browser.gone = true;
    },
    received: () => [...accepted],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The VAPID header's key and claims when the ES256 JWT verifies for this origin, else why not. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { k: string; claims: ReceivedPush['claims'] } | 'missing' | 'bad signature' | 'bad claims' {
  const match = header && /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header);
  if (!match?.[1] || !match[2]) return 'missing';
  const [token, k] = [match[1], match[2]];
  const [head = '', body = '', signature = ''] = token.split('.');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65) return 'bad signature';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return 'bad signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  // RFC 8292: the audience is the push service's origin; the expiry at most 24 hours ahead.
  if (claims.aud !== origin || !(claims.exp > now && claims.exp <= now + 24 * 3600) || !claims.sub) {
    return 'bad claims';
  }
  return { k, claims };
}

/** RFC 8291 with RFC 8188's aes128gcm, one record: what the browser does with a push. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer | null {
  try {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const secret = ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(-16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    return padded[end] === 2 ? padded.subarray(0, end) : null;
  } catch {
    return null;
  }
}

function parsed(plain: Buffer): unknown {
  const text = plain.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
