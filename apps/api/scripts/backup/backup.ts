/**
 * `npm run backup [-- --out pasta] [--manifest-only]`: a consistent backup of the PostgreSQL database
 * (DATABASE_URL, pg_dump custom format) and of the files (DATA_DIR/files or the STORAGE_URL bucket) into a new folder
 * (default: ./backups/origem-<data>), with manifest.json (row counts, every file's size and SHA-256). Exits 1 when
 * something went wrong or a referenced file was missing. See docs/deploy/backup-and-recovery.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { openStorage } from '../../src/files/open-storage';
import { PGLITE_REFUSAL } from './pglite';
import { takeBackup } from './take-backup';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'manifest-only': { type: 'boolean', default: false } },
});
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(PGLITE_REFUSAL);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(values.out ?? path.join('backups', `origem-${stamp}`));
try {
  const manifest = await takeBackup({
    databaseUrl: config.databaseUrl,
    storage: await openStorage(config.storage),
    out,
    manifestOnly: values['manifest-only'],
    log: (line) => console.log(line),
  });
  console.log(`backup em ${out}: ${manifest.storage.files.length} arquivos (${manifest.storage.mode})`);
  if (manifest.storage.missing.length > 0) {
    console.error(
      `${manifest.storage.missing.length} arquivos referenciados não estavam no armazenamento ` +
        `(removidos depois do snapshot, ou perdidos): ${manifest.storage.missing.join(', ')}`,
    );
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`backup falhou: ${(err as Error).message}`);
  process.exitCode = 1;
}
