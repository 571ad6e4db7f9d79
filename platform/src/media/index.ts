export { diskMediaStore } from './diskMediaStore.ts';
export { loadMediaSettings, type MediaSettings, mediaDirIn, mediaSettings } from './mediaSettings.ts';
export type { MediaStore, StoredFile } from './mediaStore.ts';
export { openMediaStore } from './openMediaStore.ts';
export {
  PHOTO_FILE_NAME,
  PHOTO_FILE_NAME_SQL_PATTERN,
  type PhotoFileSize,
  photoFileName,
  photoFileNamesIn,
} from './photoFileNames.ts';
export { parseS3Url, type S3Location } from './s3Location.ts';
export { s3MediaStore } from './s3MediaStore.ts';
