import path from 'node:path';
import pg from 'pg';
import { type FileStorage, localStorage } from '../../src/files/storage';
import { type BackupManifest, digestOf, digestOfFile, digestStream, FILES, readManifest } from './manifest';
import { pgBinary, runTool, serverMajor, tableCounts } from './pg-tools';

export type RestoreOptions = {
  /** The folder `takeBackup` wrote. */
  dir: string;
  databaseUrl: string;
  storage: FileStorage;
  /** Restore over a database or store that already holds something (the dump's objects are dropped first). */
  force?: boolean;
  log?: (line: string) => void;
};

export type RestoreReport = { tables: number; rows: number; files: number };

/**
 * Brings a backup back into an empty database and an empty store: checks the dump's and every copied file's
 * checksum against the manifest before touching anything, writes the files (each verified again on the way in),
 * restores the dump in one transaction, then compares every table's row count with the manifest's. Throws on the
 * first difference.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const manifest = await readManifest(options.dir);
  const dumpFile = path.join(options.dir, manifest.database.file);
  const dump = await digestOfFile(dumpFile).catch(() => null);
  if (dump?.sha256 !== manifest.database.sha256) {
    throw new Error(`o dump ${dumpFile} não confere com o manifesto (ausente ou alterado).`);
  }
  if (!options.force) {
    await assertEmptyDatabase(options.databaseUrl);
    await assertEmptyStore(options.storage, manifest);
  }
  await restoreFiles(options, manifest, log);

  const major = await serverMajor(options.databaseUrl);
  log('pg_restore…');
  await runTool(pgBinary('pg_restore', Math.max(major, manifest.database.serverVersion)), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    ...(options.force ? ['--clean', '--if-exists'] : []),
    `--dbname=${options.databaseUrl}`,
    dumpFile,
  ]);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let counts: Record<string, number>;
  try {
    counts = await tableCounts(client);
  } finally {
    await client.end();
  }
  const differences = Object.entries(manifest.database.tables)
    .filter(([table, expected]) => counts[table] !== expected)
    .map(([table, expected]) => `${table}: ${counts[table] ?? 'ausente'} linhas, esperadas ${expected}`);
  if (differences.length > 0)
    throw new Error(`contagens diferentes após restaurar:\n${differences.join('\n')}`);
  const tables = Object.keys(manifest.database.tables).length;
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  log(`restaurado: ${tables} tabelas, ${rows} linhas, ${manifest.storage.files.length} arquivos`);
  return { tables, rows, files: manifest.storage.files.length };
}

async function restoreFiles(
  options: RestoreOptions,
  manifest: BackupManifest,
  log: (line: string) => void,
): Promise<void> {
  const { files, mode } = manifest.storage;
  if (mode === 'manifest') {
    // The bytes stayed in the (versioned) bucket: each must be there, identical.
    for (const file of files) {
      const got = await digestOf(await options.storage.read(file.key));
      if (got.sha256 !== file.sha256) throw new Error(`o arquivo ${file.key} do armazenamento não confere.`);
    }
    log(`${files.length} arquivos conferidos no armazenamento`);
    return;
  }
  const copy = localStorage(path.join(options.dir, FILES));
  // Every copied file first, so a damaged backup is refused before anything is written.
  for (const file of files) {
    const got = await digestOf(await copy.read(file.key)).catch(() => null);
    if (got?.sha256 !== file.sha256 || got.size !== file.size) {
      throw new Error(`o arquivo ${file.key} do backup não confere com o manifesto (ausente ou alterado).`);
    }
  }
  for (const [i, file] of files.entries()) {
    const digest = digestStream();
    await options.storage.write(file.key, await copy.read(file.key), digest.through);
    if (digest.result().sha256 !== file.sha256)
      throw new Error(`o arquivo ${file.key} mudou ao ser gravado.`);
    if ((i + 1) % 200 === 0) log(`${i + 1}/${files.length} arquivos…`);
  }
  log(`${files.length} arquivos gravados`);
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.n) > 0) {
      throw new Error(
        'o banco de destino não está vazio: restaure num banco novo (createdb) ou use --force para substituir.',
      );
    }
  } finally {
    await client.end();
  }
}

async function assertEmptyStore(storage: FileStorage, manifest: BackupManifest): Promise<void> {
  if (manifest.storage.mode === 'manifest') return;
  for await (const _blob of storage.list()) {
    throw new Error(
      'o armazenamento de destino não está vazio: use um vazio ou --force para gravar por cima.',
    );
  }
}
