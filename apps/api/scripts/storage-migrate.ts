/**
 * `npm run storage:migrate [folder]`: copies the blobs of a local folder (default: DATA_DIR/files) into the bucket
 * STORAGE_URL names (s3://bucket/prefix, with the S3_* settings), verifying each copy's size and SHA-256. Run it
 * again after an interruption: what is already there and identical is skipped. Exits 1 when a copy failed.
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { migrateStorage } from '../src/files/migrate-storage';
import { openStorage } from '../src/files/open-storage';
import { localStorage } from '../src/files/storage';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('Defina STORAGE_URL=s3://bucket/prefixo (e as variáveis S3_*) com o destino da cópia.');
  process.exit(1);
}
const folder = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'files'));
const target = await openStorage(config.storage);
await target.ping();
console.log(`copiando ${folder} → s3://${config.storage.bucket}/${config.storage.prefix}`);
let seen = 0;
const report = await migrateStorage(localStorage(folder), target, (key, outcome) => {
  seen += 1;
  if (outcome === 'failed' || seen % 100 === 0) console.log(`${seen} arquivos… (${key}: ${outcome})`);
});
console.log(
  `copiados: ${report.copied}; já presentes e idênticos: ${report.skipped}; falhas: ${report.failed.length}`,
);
for (const failure of report.failed) console.error(`falhou ${failure.key}: ${failure.reason}`);
process.exit(report.failed.length > 0 ? 1 : 0);
