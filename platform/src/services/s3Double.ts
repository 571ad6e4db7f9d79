import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml } from '../text/escapeHtml.ts';
import { readBody } from './doubleHttp.ts';
import { listen } from './listen.ts';

/** One object the double holds. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | null;
  etag: string;
  lastModified: Date;
}

export interface S3Double {
  /** http://host:port: the endpoint a client is pointed at (path-style addressing). */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `S3_URL` for a bucket of this double (created on first use), with its credentials. */
  s3Url(bucket: string, prefix?: string): string;
  /** The objects of a bucket, by key. */
  objects(bucket: string): ReadonlyMap<string, StoredObject>;
  stop(): Promise<void>;
}

const REGION = 'us-east-1';

/**
 * A local stand-in for an S3-compatible object store (AWS S3, MinIO, R2…) at the network boundary:
 * path-style `PUT`, `GET`, `HEAD` and `DELETE` of `/{bucket}/{key}` and ListObjectsV2
 * (`GET /{bucket}?list-type=2`, paged by continuation tokens), each request authenticated
 * with AWS Signature Version 4 as S3 does (an unknown key is 403 `InvalidAccessKeyId`, a wrong
 * signature or a body that does not match its signed hash 403 `SignatureDoesNotMatch`), answers
 * and errors in S3's XML. Objects live in memory; buckets exist once named in `s3Url`.
 */
export async function startS3Double(options: { port?: number; host?: string } = {}): Promise<S3Double> {
  const host = options.host ?? '127.0.0.1';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64');
  const buckets = new Map<string, Map<string, StoredObject>>();

  const server = createServer((request, response) => {
    void readBody(request)
      .then((body) => handle(request, body, response))
      .catch((error: Error) => sendError(response, 500, 'InternalError', error.message));
  });

  function handle(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const refusal = signatureRefusal(request, body, accessKeyId, secretAccessKey);
    if (refusal) {
      sendError(response, 403, refusal, 'The request signature we calculated does not match.');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://double');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const bucket = buckets.get(decodeURIComponent(bucketName));
    if (!bucket) {
      sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      return;
    }
    const key = rest.map(decodeURIComponent).join('/');
    if (request.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const xml = listObjectsV2(decodeURIComponent(bucketName), bucket, url.searchParams);
      response.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) }).end(xml);
      return;
    }
    switch (request.method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, {
          body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: (request.headers['cache-control'] as string | undefined) ?? null,
          etag,
          lastModified: new Date(),
        });
        response.writeHead(200, { ETag: etag, 'Content-Length': 0 }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const found = bucket.get(key);
        if (!found) {
          if (request.method === 'HEAD') response.writeHead(404).end();
          else sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
          return;
        }
        response.writeHead(200, {
          'Content-Type': found.contentType,
          'Content-Length': found.body.length,
          ETag: found.etag,
          'Last-Modified': found.lastModified.toUTCString(),
          ...(found.cacheControl ? { 'Cache-Control': found.cacheControl } : {}),
        });
        response.end(request.method === 'GET' ? found.body : undefined);
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        response.writeHead(204).end();
        return;
      default:
        sendError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  await listen(server, options.port ?? 0, host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host}:${port}`;
  return {
    url,
    accessKeyId,
    secretAccessKey,
    s3Url(bucket, prefix = '') {
      if (!buckets.has(bucket)) buckets.set(bucket, new Map());
      const credentials = `${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secretAccessKey)}`;
      return `http://${credentials}@${host}:${port}/${bucket}${prefix ? `/${prefix}` : ''}?region=${REGION}`;
    },
    objects: (bucket) => buckets.get(bucket) ?? new Map(),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * One page of ListObjectsV2 as S3 answers it: keys in binary order from after the continuation
 * token (or `start-after`), those under `prefix`, the ones holding `delimiter` past the prefix
 * rolled up into common prefixes (each counting as one key), at most `max-keys` (1000) of them.
 * The token is the last key or common prefix given, opaque to the client.
 */
function listObjectsV2(name: string, bucket: ReadonlyMap<string, StoredObject>, query: URLSearchParams): string {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, 1000);
  const token = query.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
  const urlEncoded = query.get('encoding-type') === 'url';
  const text = (value: string) => escapeHtml(urlEncoded ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
  const entries: Array<{ key: string; object?: StoredObject }> = [];
  const seenPrefixes = new Set<string>();
  for (const key of [...bucket.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
    if (!key.startsWith(prefix)) continue;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const entry = cut === -1 ? key : key.slice(0, cut + delimiter.length);
    if (entry <= after || seenPrefixes.has(entry)) continue;
    if (cut === -1) entries.push({ key, object: bucket.get(key) as StoredObject });
    else {
      seenPrefixes.add(entry);
      entries.push({ key: entry });
    }
  }
  const page = entries.slice(0, maxKeys);
  const truncated = entries.length > maxKeys;
  const last = page.at(-1)?.key;
  const parts = [
    `<Name>${escapeHtml(name)}</Name>`,
    `<Prefix>${text(prefix)}</Prefix>`,
    delimiter ? `<Delimiter>${text(delimiter)}</Delimiter>` : '',
    urlEncoded ? '<EncodingType>url</EncodingType>' : '',
    `<KeyCount>${page.length}</KeyCount>`,
    `<MaxKeys>${maxKeys}</MaxKeys>`,
    `<IsTruncated>${truncated}</IsTruncated>`,
    token ? `<ContinuationToken>${escapeHtml(token)}</ContinuationToken>` : '',
    truncated && last
      ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>`
      : '',
    ...page.map(({ key, object }) =>
      object
        ? `<Contents><Key>${text(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeHtml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
        : `<CommonPrefixes><Prefix>${text(key)}</Prefix></CommonPrefixes>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</ListBucketResult>`;
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  response.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) }).end(xml);
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks a request's SigV4 `Authorization` header as S3 does; null when it holds. The canonical
 * request is rebuilt from the method, the path as sent, the sorted query, the signed headers and
 * the payload's hash (which must match the body unless the client declared it unsigned).
 */
function signatureRefusal(request: IncomingMessage, body: Buffer, accessKeyId: string, secret: string): string | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
  if (!match) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'SignatureDoesNotMatch';
  const url = new URL(request.url ?? '/', 'http://double');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerNames = (signedHeaders as string).split(';');
  const headers = headerNames
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date as string), region as string), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const given = Buffer.from(signature as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'SignatureDoesNotMatch';
}
