import { join } from 'node:path';
import type { Config } from '../config.ts';
import { parseS3Url, type S3Location } from './s3Location.ts';

/** Where the photos are: S3_URL's bucket when set, else a folder. */
export interface MediaSettings {
  s3?: S3Location;
  mediaDir: string;
}

/** The folder the photos are kept in without S3_URL. */
export function mediaDirIn(dataDir: string): string {
  return join(dataDir, 'media');
}

/**
 * The settings read from the configuration: the API, which writes the photos, and the workers,
 * which collect them, find the same store. Throws a sentence naming S3_URL when it is malformed.
 */
export function mediaSettings(config: Pick<Config, 'DATA_DIR' | 'S3_URL'>): MediaSettings {
  return {
    mediaDir: mediaDirIn(config.DATA_DIR),
    ...(config.S3_URL ? { s3: parseS3Url(config.S3_URL) } : {}),
  };
}

/**
 * The settings of a long-running process (the API, the workers): a malformed S3_URL is said in
 * one sentence and the process exits at start, rather than at the first photo upload or collection.
 */
export function loadMediaSettings(config: Pick<Config, 'DATA_DIR' | 'S3_URL'>): MediaSettings {
  try {
    return mediaSettings(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
