/**
 * `npm run restore -- <pasta do backup> [--force]`: brings a backup of `npm run backup` back into the database of
 * DATABASE_URL and the store of DATA_DIR / STORAGE_URL, both empty (--force: over what is there). Checks every
 * checksum and every table's row count against the manifest; exits 1 on any difference.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { openStorage } from '../../src/files/open-storage';
import { PGLITE_REFUSAL } from './pglite';
import { restoreBackup } from './restore-backup';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir) {
  console.error('uso: npm run restore -- <pasta do backup> [--force]');
  process.exit(1);
}
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(PGLITE_REFUSAL);
  process.exit(1);
}
try {
  await restoreBackup({
    dir: path.resolve(dir),
    databaseUrl: config.databaseUrl,
    storage: await openStorage(config.storage),
    force: values.force,
    log: (line) => console.log(line),
  });
} catch (err) {
  console.error(`restauração falhou: ${(err as Error).message}`);
  process.exitCode = 1;
}
