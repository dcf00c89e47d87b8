import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DERIVED_STAGE_FILES } from '../src/documents/xml/schemas';
import { deriveStageSchema } from '../src/documents/xml/stage-schemas';

/**
 * Writes the COD stage schemas ALADI does not publish (1.8.3 and 4.1.0, before any signature and after the
 * exporter's) from the complete ones, as ALADI derived its 1.8.2 pair:
 *   node --import tsx apps/api/scripts/derive-cod-schemas.ts
 * schemas.test.ts fails while a committed file differs from what this writes.
 */
const dir = fileURLToPath(new URL('../src/documents/xml/schemas/', import.meta.url));
for (const { file, source, stage } of DERIVED_STAGE_FILES) {
  writeFileSync(`${dir}${file}`, deriveStageSchema(readFileSync(`${dir}${source}`, 'utf8'), stage, source));
  console.log(`${file} ← ${source}`);
}
