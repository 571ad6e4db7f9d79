import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStore } from './mediaStore.ts';
import type { S3Location } from './s3Location.ts';

/**
 * Photos in an S3-compatible bucket (`S3_URL`), through AWS's SDK: what several API processes on
 * several machines share, where DATA_DIR/media is one machine's. Names are ours
 * (photoFileName) and never change once written, so the objects are cached for a year.
 * `listPageSize`: keys asked for per listing request (S3's own maximum, 1000, by default).
 */
export function s3MediaStore(location: S3Location, options: { listPageSize?: number } = {}): MediaStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible services (MinIO, R2) vary in support.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (name: string) => `${location.prefix}${name}`;
  return {
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: key(name) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async *list() {
      let continuationToken: string | undefined;
      do {
        // Under the prefix and not below it ('/' delimits): another installation's prefix in the
        // same bucket, or any folder beneath, is never listed as this store's.
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: location.bucket,
            Prefix: location.prefix,
            Delimiter: '/',
            ContinuationToken: continuationToken,
            ...(options.listPageSize ? { MaxKeys: options.listPageSize } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { name: object.Key.slice(location.prefix.length), lastModified: object.LastModified };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    async remove(name) {
      // S3 answers 204 whether the key was there or not.
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: key(name) }));
    },
  };
}
