import { diskMediaStore } from './diskMediaStore.ts';
import type { MediaSettings } from './mediaSettings.ts';
import type { MediaStore } from './mediaStore.ts';
import { s3MediaStore } from './s3MediaStore.ts';

/** The store the settings name: the API writes to it, the workers collect from it. */
export function openMediaStore({ s3, mediaDir }: MediaSettings): MediaStore {
  return s3 ? s3MediaStore(s3) : diskMediaStore(mediaDir);
}
