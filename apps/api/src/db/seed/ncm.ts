import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeCsv } from '../../modules/nomenclature/csv';
import { hasNcm, insertNcmRows } from '../../modules/nomenclature/ncm-queries';
import { readNcmTable } from '../../modules/nomenclature/ncm-table';
import type { Executor } from '../client';

export const BUNDLED_NCM_CSV = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'ncm.csv');

/**
 * The NCM table from the bundled CSV, when the table is empty. Runs at every start: on a loaded table it is one
 * `select 1 … limit 1`; a fresh one takes a few JSON-batched inserts (see insertNcmRows). The file goes through the
 * same checks as an administrator's upload, so a broken bundle fails loudly instead of seeding half a tree.
 */
export async function seedNcm(db: Executor): Promise<void> {
  if (await hasNcm(db)) return;
  const { rows, errors } = readNcmTable(decodeCsv(await readFile(BUNDLED_NCM_CSV)));
  if (errors.length > 0) throw new Error(`ncm.csv inválido: ${errors.slice(0, 5).join(' | ')}`);
  await insertNcmRows(db, rows);
}
