import {
  type NcmDetail,
  type NcmReference,
  type NcmReferenceInput,
  type NcmSearchQuery,
  type NcmUploadResult,
  nomenclatureMessages,
} from '@origem/contract/schemas/nomenclature';
import { isNcmNode, unmaskNcm } from '@origem/contract/validators/ncm';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import { discardFiles, type ReceivedFile } from '../../files/upload';
import { recordAudit } from '../../lib/audit';
import { requireActor, type ServiceContext } from '../../lib/context';
import { fieldError, invalid, notFound } from '../../lib/errors';
import { capErrors, decodeCsv } from './csv';
import * as q from './ncm-queries';
import { readNcmTable } from './ncm-table';
import { readStoredBytes } from './stored-bytes';

export async function searchNcm(db: Database, query: NcmSearchQuery) {
  return q.searchNcm(db, query.q, query);
}

/** Any node of the tree by its digits (`8408.90.90` = `84089090`); 404 for a code the table does not hold. */
export async function getNcm(db: Database, rawCode: string): Promise<NcmDetail> {
  const code = unmaskNcm(rawCode);
  if (!isNcmNode(code)) throw notFound();
  const row = await q.findNcm(db, code);
  if (!row) throw notFound();
  const [chain, naladi] = await Promise.all([q.ncmChain(db, code), q.classificationCodes(db, code)]);
  const describe = (target: string | null) =>
    target ? (chain.find((node) => node.code === target)?.description ?? null) : null;
  return {
    ...row,
    parent: describe(row.parent_code),
    main_parent_description: describe(row.main_parent),
    chain,
    naladi,
  };
}

export async function getReference(db: Database, ncm: string): Promise<NcmReference> {
  const row = await q.findReference(db, ncm);
  return { ncm, description: row?.description ?? null };
}

/** The description printed for an NCM: one per code, replaced on every save. */
export async function saveReference(
  db: Database,
  ctx: ServiceContext,
  input: NcmReferenceInput,
): Promise<NcmReference> {
  const actor = requireActor(ctx);
  return db.transaction(async (tx) => {
    if (!(await q.findNcm(tx, input.ncm))) throw fieldError('ncm', nomenclatureMessages.ncm.unknown);
    const before = await q.findReference(tx, input.ncm);
    const row = await q.upsertReference(tx, input.ncm, input.description, actor.id);
    await recordAudit(tx, ctx, {
      event: before ? 'updated' : 'created',
      type: 'ncm_reference',
      id: row.id,
      old: before ? { ncm_code: before.ncm_code, description: before.description } : null,
      new: { ncm_code: row.ncm_code, description: row.description },
    });
    return { ncm: row.ncm_code, description: row.description };
  });
}

/**
 * Replaces the whole NCM table with an uploaded file, in one transaction: the file is checked entirely first
 * (every problem reported with its line, nothing written), then the old rows go and the new ones come in.
 * The CSV itself is not kept: the table is its content, and the audit row says what was loaded.
 */
export async function replaceTable(
  db: Database,
  ctx: ServiceContext,
  storage: FileStorage,
  file: ReceivedFile | undefined,
): Promise<NcmUploadResult> {
  if (!file) throw fieldError('file', nomenclatureMessages.csv.fileRequired);
  try {
    const { rows, errors } = readNcmTable(decodeCsv(await readStoredBytes(storage, file.key)));
    if (errors.length > 0) {
      throw invalid({ file: capErrors(errors) }, nomenclatureMessages.csv.summary(errors.length));
    }
    const leaves = rows.filter((r) => r.leaf).length;
    const chapters = rows.filter((r) => r.code.length === 2).length;
    const previous = await db.transaction(async (tx) => {
      const previousRows = await q.countNcm(tx);
      await q.deleteAllNcm(tx);
      await q.insertNcmRows(tx, rows);
      await recordAudit(tx, ctx, {
        event: 'imported',
        type: 'ncm',
        id: null,
        old: { rows: previousRows },
        new: { rows: rows.length, leaves, chapters, file: file.originalName, sha256: file.sha256 },
      });
      return previousRows;
    });
    return {
      message: nomenclatureMessages.ncm.tableLoaded(rows.length),
      rows: rows.length,
      leaves,
      chapters,
      previous_rows: previous,
    };
  } finally {
    await discardFiles(storage, { file });
  }
}
