import type { StorageSettings } from '../config';
import { type FileStorage, localStorage } from './storage';

/**
 * The driver the configuration names: the local folder by default, a bucket with `STORAGE_URL=s3://…`. The S3 driver
 * and the AWS SDK it brings are loaded only when a bucket is configured (a quarter of a second of every start).
 */
export async function openStorage(settings: StorageSettings): Promise<FileStorage> {
  if (settings.kind !== 's3') return localStorage(settings.root);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(settings);
}
