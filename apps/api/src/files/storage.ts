import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live. A local folder now; an S3-compatible driver implements the same four calls later. */
export type FileStorage = {
  /** Writes `source` through optional transforms; any stage failing fails the write. */
  write: (key: string, source: Readable, ...through: Transform[]) => Promise<void>;
  read: (key: string) => Readable;
  remove: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
};

/** Keys are random hex; two levels of folders keep directories small. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-f0-9]{32,64}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async write(key, source, ...through) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline([source, ...through, createWriteStream(file, { flags: 'wx' })]);
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
  };
}
