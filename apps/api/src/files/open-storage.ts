import type { StorageSettings } from '../config';
import { s3Storage } from './s3-storage';
import { type FileStorage, localStorage } from './storage';

/** The driver the configuration names: the local folder by default, a bucket with `STORAGE_URL=s3://…`. */
export function openStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 's3' ? s3Storage(settings) : localStorage(settings.root);
}
