import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobMissingError } from './storage-errors';

/** A stored blob as a sweep sees it. */
export type StoredBlob = { key: string; modifiedAt: Date };

/**
 * Where file bytes live: a local folder (this file) or an S3-compatible bucket (s3-storage.ts). Keys are always
 * random hex made by the server (`newStorageKey`), never anything a user sent. A store that does not answer makes
 * every call fail with `StorageUnavailableError` (503), a key with no blob `read` with `BlobMissingError`.
 */
export type FileStorage = {
  /** `local` or `s3`, for logs and the readiness answer's metrics. */
  readonly driver: 'local' | 's3';
  /**
   * Writes `source` through optional transforms; any stage failing fails the write. The blob appears under `key`
   * only once complete and durable: a crash mid-write leaves at most a temporary file, never a cut-off blob.
   */
  write: (key: string, source: Readable, ...through: Transform[]) => Promise<void>;
  /** Resolves once the store has started answering (so a failure is known before any byte is sent on). */
  read: (key: string) => Promise<Readable>;
  remove: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
  /** Every stored blob (not the temporary ones), for the orphan sweep. */
  list: () => AsyncIterable<StoredBlob>;
  /** Temporary files of writes that never finished (a crash, a kill -9), for the start-up cleanup. */
  listTemporary: () => AsyncIterable<StoredBlob & { remove: () => Promise<void> }>;
  /** Throws when the store cannot be used now (readiness). */
  ping: () => Promise<void>;
};

/** What every key looks like: random hex. Drivers refuse anything else, so no user text ever names a blob. */
export const STORAGE_KEY = /^[a-f0-9]{32,64}$/;
const KEY = STORAGE_KEY;

/** A fresh key for a new blob. */
export const newStorageKey = () => randomBytes(16).toString('hex');
const TEMP_DIR = '.tmp';

/** Keys are random hex; two levels of folders keep directories small. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  const tempRoot = path.join(root, TEMP_DIR);

  return {
    driver: 'local',
    async write(key, source, ...through) {
      const file = pathOf(key);
      // Same file system as the final place, so the rename below is atomic.
      await mkdir(tempRoot, { recursive: true });
      const temp = path.join(tempRoot, `${key}.${randomBytes(4).toString('hex')}.part`);
      const sink = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline([source, ...through, sink]);
        await syncFile(temp);
        await mkdir(path.dirname(file), { recursive: true });
        await rename(temp, file);
        await syncFile(path.dirname(file));
      } catch (err) {
        // A refusal from the first chunk can come before the file is even open: wait until the stream lets go of
        // it, or the open completes after the rm and leaves an empty temporary file behind.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await rm(temp, { force: true });
        throw err;
      }
    },
    async read(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(key);
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async *list() {
      for (const first of await entries(root)) {
        if (!/^[a-f0-9]{2}$/.test(first)) continue;
        for (const second of await entries(path.join(root, first))) {
          for (const key of await entries(path.join(root, first, second))) {
            if (!KEY.test(key)) continue;
            const info = await statOrNull(path.join(root, first, second, key));
            if (info?.isFile()) yield { key, modifiedAt: info.mtime };
          }
        }
      }
    },
    async *listTemporary() {
      for (const name of await entries(tempRoot)) {
        const full = path.join(tempRoot, name);
        const info = await statOrNull(full);
        if (!info?.isFile()) continue;
        yield { key: name, modifiedAt: info.mtime, remove: () => rm(full, { force: true }) };
      }
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, fsConstants.W_OK);
    },
  };
}

/** fsync: the bytes (or the directory entry of a rename) are on disk before we say so. */
async function syncFile(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}
