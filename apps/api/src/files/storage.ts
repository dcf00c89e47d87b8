import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored blob as a sweep sees it. */
export type StoredBlob = { key: string; modifiedAt: Date };

/** Where file bytes live. A local folder now; an S3-compatible driver implements the same calls later. */
export type FileStorage = {
  /**
   * Writes `source` through optional transforms; any stage failing fails the write. The blob appears under `key`
   * only once complete and durable: a crash mid-write leaves at most a temporary file, never a cut-off blob.
   */
  write: (key: string, source: Readable, ...through: Transform[]) => Promise<void>;
  read: (key: string) => Readable;
  remove: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
  /** Every stored blob (not the temporary ones), for the orphan sweep. */
  list: () => AsyncIterable<StoredBlob>;
  /** Temporary files of writes that never finished (a crash, a kill -9), for the start-up cleanup. */
  listTemporary: () => AsyncIterable<StoredBlob & { remove: () => Promise<void> }>;
};

const KEY = /^[a-f0-9]{32,64}$/;
const TEMP_DIR = '.tmp';

/** Keys are random hex; two levels of folders keep directories small. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  const tempRoot = path.join(root, TEMP_DIR);

  return {
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
    read: (key) => createReadStream(pathOf(key)),
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
