import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type FileStorage, localStorage } from '../../src/files/storage';
import { BlobMissingError } from '../../src/files/storage-errors';
import {
  type BackupManifest,
  DUMP,
  digestOfFile,
  digestStream,
  FILES,
  type ManifestFile,
  writeManifest,
} from './manifest';
import { pgBinary, runTool, serverMajor, tableCounts } from './pg-tools';

export type BackupOptions = {
  databaseUrl: string;
  storage: FileStorage;
  /** An empty (or absent) folder that receives the backup. */
  out: string;
  /** Only list the bucket's keys with their checksums instead of copying the bytes (a versioned bucket). */
  manifestOnly?: boolean;
  log?: (line: string) => void;
};

/**
 * One consistent backup. A read-only repeatable-read transaction exports its snapshot; pg_dump dumps exactly that
 * snapshot (`--snapshot`), and the same transaction lists the `stored_files` rows and counts every table. The
 * blobs those rows name are copied afterwards: a blob is written before the transaction that records it commits
 * (files/records.ts), so every blob the snapshot references exists — unless it was replaced or removed after the
 * snapshot, which the manifest lists under `missing`. Blobs written after the snapshot are not part of it.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  await assertEmptyFolder(options.out);
  await mkdir(options.out, { recursive: true });
  const major = await serverMajor(options.databaseUrl);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let rows: ManifestFile[];
  let tables: Record<string, number>;
  const dumpFile = path.join(options.out, DUMP);
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshot) throw new Error('o PostgreSQL não exportou o snapshot');
    log(`pg_dump (formato custom, snapshot ${snapshot})…`);
    await runTool(pgBinary('pg_dump', major), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${dumpFile}`,
      `--dbname=${options.databaseUrl}`,
    ]);
    const files = await client.query<{ key: string; size: number; sha256: string }>(
      'select storage_key as key, size, sha256 from stored_files order by storage_key',
    );
    rows = files.rows.map((row) => ({ key: row.key, size: Number(row.size), sha256: row.sha256 }));
    tables = await tableCounts(client);
    await client.query('commit');
  } finally {
    await client.end();
  }
  const dump = await digestOfFile(dumpFile);
  log(`banco: ${Object.keys(tables).length} tabelas, ${dump.size} bytes; arquivos: ${rows.length}`);

  const copy = localStorage(path.join(options.out, FILES));
  const files: ManifestFile[] = [];
  const missing: string[] = [];
  for (const [i, row] of rows.entries()) {
    try {
      if (options.manifestOnly) {
        if (!(await options.storage.exists(row.key))) throw new BlobMissingError(row.key);
        files.push(row);
      } else {
        const digest = digestStream();
        await copy.write(row.key, await options.storage.read(row.key), digest.through);
        const got = digest.result();
        if (got.sha256 !== row.sha256 || got.size !== row.size) {
          throw new Error(`o arquivo ${row.key} não confere com o registro (sha256/tamanho diferentes)`);
        }
        files.push({ key: row.key, ...got });
      }
    } catch (err) {
      if (!(err instanceof BlobMissingError)) throw err;
      missing.push(row.key);
    }
    if ((i + 1) % 200 === 0) log(`${i + 1}/${rows.length} arquivos…`);
  }
  const manifest: BackupManifest = {
    format: 'origem-backup/1',
    createdAt: new Date().toISOString(),
    database: { file: DUMP, size: dump.size, sha256: dump.sha256, serverVersion: major, tables },
    storage: {
      driver: options.storage.driver,
      mode: options.manifestOnly ? 'manifest' : 'copied',
      files,
      missing,
    },
  };
  // Written last: a folder without it is an interrupted backup, which restore refuses.
  await writeManifest(options.out, manifest);
  return manifest;
}

async function assertEmptyFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory() || (await readdir(dir)).length > 0) {
    throw new Error(`${dir} já existe e não está vazio: escolha outra pasta para o backup.`);
  }
}
