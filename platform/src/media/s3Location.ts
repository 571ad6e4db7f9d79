/** Where an S3-compatible bucket is and how to sign for it, read from `S3_URL`. */
export interface S3Location {
  /** The service's origin (path-style addressing: the bucket is the first path segment). */
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key ("" or "lots/" …), so one bucket can serve several installations. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `S3_URL` as `https://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=ca-central-1`:
 * one variable for the endpoint (AWS, MinIO, R2…), credentials (URL-encoded), bucket, optional key
 * prefix and region (us-east-1 when absent). Throws a sentence naming the variable when it is not
 * such a URL, so a start with a bad value fails at once rather than at the first upload.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('S3_URL is not a URL (https://KEY:SECRET@host/bucket?region=…).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('S3_URL must start with https:// or http://.');
  const [bucket = '', ...prefix] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) throw new Error('S3_URL names no bucket: add it as the first path segment.');
  if (!url.username || !url.password) throw new Error('S3_URL carries no credentials: KEY:SECRET@ before the host.');
  return {
    endpoint: url.origin,
    region: url.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix: prefix.length ? `${prefix.join('/')}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}
