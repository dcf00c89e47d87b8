import { createHash } from 'node:crypto';
import type { PageQuery } from '@origem/contract/paging';
import {
  type CertificateImportDetail,
  type ConfirmImport,
  IMPORT_MAX_REPORTED_ERRORS,
  type ImportError,
  type ImportPreview,
  certificateImportMessages as text,
} from '@origem/contract/schemas/certificate-imports';
import type { Database } from '../../db/client';
import { certificateImportDrafts, certificateImports } from '../../db/schema';
import { FileChanges, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { enqueueJob } from '../../jobs/queue';
import { type JobHandler } from '../../jobs/runner';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, fieldError, invalid, notFound } from '../../lib/errors';
import { createDraft } from '../certificates/drafts';
import * as q from './queries';
import {
  ImportFileError,
  type ImportFormat,
  type ImportRow,
  readImportRows,
  zipIsComplete,
} from './read-file';
import { checkGroup, type Group, ImportLookups } from './validate';

export const VALIDATE_JOB = 'certificate_import_validate';
export const CREATE_JOB = 'certificate_import_create';
const AUDIT_TYPE = 'certificate_import';
const owner = (id: number) => ({ type: q.FILE_OWNER_TYPE, id });
/** Progress is written to the import's row every this many rows (the screen polls it). */
const PROGRESS_EVERY = 200;

export const listImports = (db: Database, actor: Actor, query: PageQuery) => q.pageImports(db, actor, query);

export async function getImport(db: Database, actor: Actor, id: number): Promise<CertificateImportDetail> {
  const found = await q.findImportDetail(db, actor, id);
  if (!found) throw new AppError(404, 'NotFound', text.notFound);
  return found;
}

/** The file an import was made from, for its owner. */
export async function importedFile(db: Database, actor: Actor, id: number): Promise<StoredFile> {
  await getImport(db, actor, id);
  const file = await q.importFile(db, id);
  if (!file) throw notFound();
  return file;
}

/** Reads the whole stored file once: refuses (422 on `file`) one that is cut off or not an import; counts rows. */
async function countRows(files: FileStorage, file: ReceivedFile, format: ImportFormat): Promise<number> {
  try {
    if (format === 'xlsx' && !(await zipIsComplete(await files.read(file.key)))) {
      throw new ImportFileError(text.notReadable);
    }
    let rows = 0;
    for await (const _row of readImportRows(await files.read(file.key), format)) rows += 1;
    if (rows === 0) throw new ImportFileError(text.empty);
    return rows;
  } catch (err) {
    if (err instanceof ImportFileError) throw fieldError('file', err.message);
    throw err;
  }
}

/**
 * POST /v1/certificate_import: stores the file (through the storage layer: any instance's job reads it), checks it
 * can be read and counts its rows, and queues the validation job. The same file already imported by this user is
 * named (`same_file_as`): confirming it again creates nothing new.
 */
export async function uploadImport(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  file: ReceivedFile | undefined,
): Promise<CertificateImportDetail> {
  if (!file) throw invalid({ file: [text.fileRequired] }, text.fileRequired);
  const format: ImportFormat = file.kind === 'xlsx' ? 'xlsx' : 'csv';
  const id = await new FileChanges(files).run(async (changes) => {
    let rows: number;
    try {
      rows = await countRows(files, file, format);
    } catch (err) {
      await files.remove(file.key);
      throw err;
    }
    return db.transaction(async (tx) => {
      const same = await q.sameFileImported(tx, actor.id, file.sha256);
      const [row] = await tx
        .insert(certificateImports)
        .values({
          user_id: actor.id,
          exporter_id: actor.roleType === 'exportador' ? actor.exporterId : null,
          status: 'VALIDANDO',
          file_name: file.originalName,
          file_format: format,
          sha256: file.sha256,
          rows_total: rows,
          same_file_as: same,
          message: same ? text.alreadyImported(same) : null,
        })
        .returning({ id: certificateImports.id });
      if (!row) throw new Error('insert returned nothing');
      await changes.attach(tx, file, owner(row.id), actor.id);
      await enqueueJob(tx, { kind: VALIDATE_JOB, payload: { id: row.id }, maxAttempts: 3 });
      await recordAudit(tx, ctx, {
        event: 'created',
        type: AUDIT_TYPE,
        id: row.id,
        new: { file_name: file.originalName, sha256: file.sha256, rows_total: rows },
      });
      return row.id;
    });
  });
  return getImport(db, actor, id);
}

/**
 * POST /v1/certificate_import/{id}/confirm: a validated import is queued for creation. A file with errors is
 * created only when the user chose "importar só as linhas válidas" (`only_valid`), and only its valid certificates.
 */
export async function confirmImport(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  body: ConfirmImport,
): Promise<CertificateImportDetail> {
  await db.transaction(async (tx) => {
    const row = await q.lockImport(tx, actor, id);
    if (!row) throw new AppError(404, 'NotFound', text.notFound);
    if (row.status !== 'VALIDADO' && row.status !== 'COM_ERROS') throw conflict(text.notValidated);
    if (row.status === 'COM_ERROS' && !body.only_valid)
      throw invalid({ only_valid: [text.hasErrors] }, text.hasErrors);
    if (row.groups_valid === 0) throw invalid({ only_valid: [text.nothingValid] }, text.nothingValid);
    await q.updateImport(tx, id, {
      status: 'IMPORTANDO',
      only_valid: body.only_valid,
      rows_done: 0,
      finished_at: null,
    });
    await enqueueJob(tx, { kind: CREATE_JOB, payload: { id }, maxAttempts: 3 });
    await recordAudit(tx, ctx, {
      event: 'updated',
      type: AUDIT_TYPE,
      id,
      old: { status: row.status },
      new: { status: 'IMPORTANDO', only_valid: body.only_valid },
    });
  });
  return getImport(db, actor, id);
}

// ---- the jobs ------------------------------------------------------------------------------------------------------

/** The file's rows grouped into certificates by the "Certificado" column, in the order groups first appear. */
async function readGroups(files: FileStorage, key: string, format: ImportFormat): Promise<Group[]> {
  const groups = new Map<string, ImportRow[]>();
  for await (const row of readImportRows(await files.read(key), format)) {
    const group = (row.cells.group ?? '').trim().slice(0, 120);
    const rows = groups.get(group);
    if (rows) rows.push(row);
    else groups.set(group, [row]);
  }
  return [...groups].map(([groupKey, rows]) => ({ key: groupKey, rows }));
}

type Loaded = { row: q.ImportRecord; actor: Actor; groups: Group[]; ctx: ServiceContext };

/** What a job works on: the import in the expected state, its user as the actor, its rows. Null: nothing to do. */
async function load(
  db: Database,
  files: FileStorage,
  appUrl: string,
  id: number,
  status: string,
  job: string,
): Promise<Loaded | null> {
  const row = await q.importRecord(db, id);
  if (row?.status !== status) return null;
  const actor = await q.actorOfUser(db, row.user_id);
  if (!actor?.permissions.has('certificate.import')) {
    await q.updateImport(db, id, { status: 'FALHOU', message: text.failed, finished_at: new Date() });
    return null;
  }
  const file = await q.importFile(db, id);
  if (!file) throw new Error(`import ${id} has no file`);
  const groups = await readGroups(files, file.storage_key, row.file_format as ImportFormat);
  const ctx: ServiceContext = {
    actor,
    meta: { ip: 'sistema', userAgent: null, url: `job:${job}:${id}` },
    appUrl,
    audited: 0,
  };
  return { row, actor, groups, ctx };
}

/** Writes the rows done every PROGRESS_EVERY rows. */
function progress(db: Database, id: number) {
  let done = 0;
  let written = 0;
  return async (rows: number) => {
    done += rows;
    if (done - written < PROGRESS_EVERY) return;
    written = done;
    await q.updateImport(db, id, { rows_done: done });
  };
}

/** A job that fails its last attempt leaves the import FALHOU (the screen stops waiting). */
function guarded(handler: (id: number, db: Database) => Promise<void>): JobHandler {
  return async (payload, context) => {
    const id = Number(payload.id);
    try {
      await handler(id, context.db);
    } catch (err) {
      if (context.attempt >= context.maxAttempts) {
        await q.updateImport(context.db, id, {
          status: 'FALHOU',
          message: text.failed,
          finished_at: new Date(),
        });
      }
      throw err;
    }
  };
}

/** Validates every row (the form's rules) and writes the report: errors by row and column, and the preview. */
export async function validateImport(db: Database, files: FileStorage, appUrl: string, id: number) {
  const loaded = await load(db, files, appUrl, id, 'VALIDANDO', VALIDATE_JOB);
  if (!loaded) return;
  const lookups = new ImportLookups(db, loaded.actor);
  const step = progress(db, id);
  const errors: ImportError[] = [];
  const preview: ImportPreview[] = [];
  let valid = 0;
  for (const group of loaded.groups) {
    const checked = await checkGroup(lookups, group);
    errors.push(...checked.errors);
    preview.push(checked.preview);
    if (checked.input) valid += 1;
    await step(group.rows.length);
  }
  errors.sort((a, b) => a.row - b.row);
  await q.updateImport(db, id, {
    status: errors.length > 0 ? 'COM_ERROS' : 'VALIDADO',
    rows_done: loaded.row.rows_total,
    groups_total: loaded.groups.length,
    groups_valid: valid,
    error_count: errors.length,
    errors: errors.slice(0, IMPORT_MAX_REPORTED_ERRORS),
    preview,
    finished_at: new Date(),
  });
}

/** A certificate group's idempotency key: the same group of the same file by the same user is created once. */
export const groupKey = (userId: number, sha256: string, group: string) =>
  createHash('sha256').update(`${userId}\n${sha256}\n${group}`).digest('hex');

/**
 * Creates the drafts: one transaction per certificate through the form's create path (createDraft: the save's
 * checks, the history, the audit row — naming the import), each behind its idempotency key. A certificate whose
 * rows have errors, or whose key was already used, is left out and counted.
 */
export async function createImported(db: Database, files: FileStorage, appUrl: string, id: number) {
  const loaded = await load(db, files, appUrl, id, 'IMPORTANDO', CREATE_JOB);
  if (!loaded) return;
  const { row, actor, ctx } = loaded;
  const lookups = new ImportLookups(db, actor);
  const step = progress(db, id);
  let created = 0;
  let already = 0;
  let refused = 0;
  const keyOf = (group: Group) => groupKey(row.user_id, row.sha256, group.key);
  const used = await q.usedKeys(db, loaded.groups.map(keyOf));
  for (const group of loaded.groups) {
    await step(group.rows.length);
    const key = keyOf(group);
    if (used.has(key)) {
      already += 1;
      continue;
    }
    const checked = await checkGroup(lookups, group, false);
    if (!checked.input) {
      refused += 1;
      continue;
    }
    const input = checked.input;
    try {
      await db.transaction(async (tx) => {
        const certificate = await createDraft(
          tx,
          ctx,
          actor,
          input,
          async () => ({ import_id: id }),
          lookups.freshCitations,
        );
        // The key is taken with the certificate: another run that took it first rolls this one back.
        const [draft] = await tx
          .insert(certificateImportDrafts)
          .values({ import_id: id, group_key: group.key, idempotency_key: key, certificate_id: certificate })
          .onConflictDoNothing()
          .returning({ id: certificateImportDrafts.id });
        if (!draft) throw new AlreadyImported();
      });
      created += 1;
    } catch (err) {
      if (err instanceof AlreadyImported) already += 1;
      else if (err instanceof AppError && err.status < 500) refused += 1;
      else throw err;
    }
  }
  const skipped = already + refused;
  await q.updateImport(db, id, {
    status: 'IMPORTADO',
    rows_done: row.rows_total,
    created_count: created,
    skipped_count: skipped,
    message: created === 0 && already > 0 ? text.nothingNew : text.createdSummary(created, skipped),
    finished_at: new Date(),
  });
}

/** Rolls back a certificate whose group another run imported meanwhile. */
class AlreadyImported extends Error {}

/** The two jobs, registered with the worker (jobs/index.ts). */
export function importJobHandlers(files: FileStorage, appUrl: string): Record<string, JobHandler> {
  return {
    [VALIDATE_JOB]: guarded((id, db) => validateImport(db, files, appUrl, id)),
    [CREATE_JOB]: guarded((id, db) => createImported(db, files, appUrl, id)),
  };
}
