import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../test/s3rver';
import { digestOf, migrateStorage } from './migrate-storage';
import { s3Storage } from './s3-storage';
import { type FileStorage, localStorage, newStorageKey } from './storage';

let s3: TestS3;
let root: string;
let local: FileStorage;
let bucket: FileStorage;
const keys: string[] = [];

beforeAll(async () => {
  s3 = await startS3rver();
  root = mkdtempSync(path.join(tmpdir(), 'origem-migrate-'));
  local = localStorage(root);
  bucket = s3Storage({ ...s3.settings, prefix: 'migrada/' });
  // Three blobs, one over an S3 part (a multipart copy).
  for (const size of [10, 200_000, 6 * 1024 * 1024]) {
    const key = newStorageKey();
    await local.write(key, Readable.from([randomBytes(size)]));
    keys.push(key);
  }
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

describe('storage:migrate (local folder → bucket)', () => {
  it('copies every blob verified, skips them on a second run, and copies again one that differs', async () => {
    expect(await migrateStorage(local, bucket)).toEqual({ copied: 3, skipped: 0, failed: [] });
    for (const key of keys) expect(await digestOf(bucket, key)).toEqual(await digestOf(local, key));

    // Run again (or resumed after an interruption): nothing to copy.
    expect(await migrateStorage(local, bucket)).toEqual({ copied: 0, skipped: 3, failed: [] });

    // A copy that went wrong in the bucket (same key, other bytes) is found by its checksum and replaced.
    const damaged = keys[1] ?? '';
    await bucket.write(damaged, Readable.from([randomBytes(200_000)]));
    expect(await migrateStorage(local, bucket)).toEqual({ copied: 1, skipped: 2, failed: [] });
    expect(await digestOf(bucket, damaged)).toEqual(await digestOf(local, damaged));
  });

  it('reports a blob it could not copy and goes on (the store went down)', async () => {
    const down = s3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:1', prefix: 'migrada/' });
    const report = await migrateStorage(local, down);
    expect(report.copied).toBe(0);
    expect(report.failed).toHaveLength(3);
    expect(report.failed[0]?.reason).toMatch(/armazenamento de arquivos está indisponível/);
  });
});
