import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';

/** What `npm run backup` writes beside the dump and the files; `npm run restore` checks everything against it. */
export type BackupManifest = {
  format: 'origem-backup/1';
  createdAt: string;
  database: {
    /** The pg_dump custom-format file, relative to the backup folder. */
    file: string;
    size: number;
    sha256: string;
    serverVersion: number;
    /** Every table's row count in the dumped snapshot (`schema.table`). */
    tables: Record<string, number>;
  };
  storage: {
    /** The store the files came from. */
    driver: 'local' | 's3';
    /** `copied`: the bytes are in `files/` of the backup; `manifest`: only listed (a versioned bucket keeps them). */
    mode: 'copied' | 'manifest';
    /** Every blob a `stored_files` row of the snapshot references. */
    files: ManifestFile[];
    /** Keys the snapshot references that were gone by the time they were copied (removed after the snapshot). */
    missing: string[];
  };
};

export type ManifestFile = { key: string; size: number; sha256: string };

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const FILES = 'files';

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new Error(`${dir} não é um backup completo: falta ${MANIFEST}.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'origem-backup/1')
    throw new Error(`formato de backup desconhecido: ${manifest.format}`);
  return manifest;
}

/** A pass-through stream that counts and hashes what goes through it. */
export function digestStream(): { through: Transform; result: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { through, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Size and SHA-256 of whatever `source` yields. */
export async function digestOf(source: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

export const digestOfFile = (file: string) => digestOf(createReadStream(file));
