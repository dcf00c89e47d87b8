import type { PageQuery } from '@origem/contract/paging';
import type {
  CertificateImport,
  CertificateImportDetail,
  ImportError,
  ImportPreview,
  ImportStatus,
} from '@origem/contract/schemas/certificate-imports';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import { certificateImportDrafts, certificateImports, exporters, storedFiles, users } from '../../db/schema';
import { ACTOR_COLUMNS, type ActorColumns, actorOf } from '../../lib/actor';
import type { Actor } from '../../lib/context';
import { keysetOrder, mapPage, paginate } from '../../lib/paging';

export const FILE_OWNER_TYPE = 'certificate_import';
export type ImportRecord = typeof certificateImports.$inferSelect;

const columns = {
  id: certificateImports.id,
  status: certificateImports.status,
  file_name: certificateImports.file_name,
  file_format: certificateImports.file_format,
  user_id: certificateImports.user_id,
  user_name: users.name,
  exporter_id: certificateImports.exporter_id,
  exporter_name: exporters.name,
  rows_total: certificateImports.rows_total,
  rows_done: certificateImports.rows_done,
  groups_total: certificateImports.groups_total,
  groups_valid: certificateImports.groups_valid,
  error_count: certificateImports.error_count,
  created_count: certificateImports.created_count,
  skipped_count: certificateImports.skipped_count,
  only_valid: certificateImports.only_valid,
  same_file_as: certificateImports.same_file_as,
  message: certificateImports.message,
  created_at: certificateImports.created_at,
  finished_at: certificateImports.finished_at,
};

const selectImports = (db: Executor) =>
  db
    .select(columns)
    .from(certificateImports)
    .innerJoin(users, eq(users.id, certificateImports.user_id))
    .leftJoin(exporters, eq(exporters.id, certificateImports.exporter_id));

type Listed = Awaited<ReturnType<ReturnType<typeof selectImports>['execute']>>[number];

function view(row: Listed, drafts: number[] = []): CertificateImport {
  return {
    id: row.id,
    status: row.status as ImportStatus,
    file_name: row.file_name,
    file_format: row.file_format as 'xlsx' | 'csv',
    user: { id: row.user_id, name: row.user_name },
    exporter: row.exporter_id && row.exporter_name ? { id: row.exporter_id, name: row.exporter_name } : null,
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    groups_total: row.groups_total,
    groups_valid: row.groups_valid,
    error_count: row.error_count,
    created_count: row.created_count,
    skipped_count: row.skipped_count,
    only_valid: row.only_valid,
    same_file_as: row.same_file_as,
    message: row.message,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    drafts,
  };
}

/** The drafts of these imports, by import (one query for a page). */
async function draftsOf(db: Executor, ids: readonly number[]): Promise<Map<number, number[]>> {
  const byImport = new Map<number, number[]>();
  if (ids.length === 0) return byImport;
  const rows = await db
    .select({ import_id: certificateImportDrafts.import_id, id: certificateImportDrafts.certificate_id })
    .from(certificateImportDrafts)
    .where(inArray(certificateImportDrafts.import_id, [...ids]))
    .orderBy(certificateImportDrafts.import_id, certificateImportDrafts.id);
  for (const row of rows) {
    if (row.id === null) continue;
    byImport.set(row.import_id, [...(byImport.get(row.import_id) ?? []), row.id]);
  }
  return byImport;
}

/** The user's imports, newest first (index certificate_imports_user_idx). */
export async function pageImports(db: Executor, actor: Actor, query: PageQuery) {
  const where = eq(certificateImports.user_id, actor.id);
  const page = await paginate(db, query, {
    where,
    order: keysetOrder(certificateImports, 'desc', [], certificateImports.id),
    rows: (filter) => selectImports(db).where(filter).$dynamic(),
    ids: (filter) =>
      db.select({ id: certificateImports.id }).from(certificateImports).where(filter).$dynamic(),
  });
  const drafts = await draftsOf(
    db,
    page.data.map((row) => row.id),
  );
  return mapPage(page, (row) => view(row, drafts.get(row.id)));
}

/** One import of the user, with its report and the drafts it created; null when not theirs. */
export async function findImportDetail(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<CertificateImportDetail | null> {
  const [row] = await selectImports(db).where(
    and(eq(certificateImports.id, id), eq(certificateImports.user_id, actor.id)),
  );
  if (!row) return null;
  const [report] = await db
    .select({ errors: certificateImports.errors, preview: certificateImports.preview })
    .from(certificateImports)
    .where(eq(certificateImports.id, id));
  const created = await db
    .select({
      group: certificateImportDrafts.group_key,
      certificate_id: certificateImportDrafts.certificate_id,
    })
    .from(certificateImportDrafts)
    .where(eq(certificateImportDrafts.import_id, id))
    .orderBy(certificateImportDrafts.id);
  return {
    ...view(
      row,
      created.flatMap((c) => (c.certificate_id ? [c.certificate_id] : [])),
    ),
    errors: (report?.errors ?? []) as ImportError[],
    preview: (report?.preview ?? []) as ImportPreview[],
    created: created.flatMap((c) =>
      c.certificate_id ? [{ group: c.group, certificate_id: c.certificate_id }] : [],
    ),
  };
}

export async function importRecord(db: Executor, id: number): Promise<ImportRecord | null> {
  const [row] = await db.select().from(certificateImports).where(eq(certificateImports.id, id));
  return row ?? null;
}

export async function lockImport(db: Executor, actor: Actor, id: number): Promise<ImportRecord | null> {
  const [row] = await db
    .select()
    .from(certificateImports)
    .where(and(eq(certificateImports.id, id), eq(certificateImports.user_id, actor.id)))
    .for('update');
  return row ?? null;
}

export async function updateImport(db: Executor, id: number, values: Partial<ImportRecord>) {
  await db.update(certificateImports).set(values).where(eq(certificateImports.id, id));
}

/** The last import of this very file (same SHA-256) the user already carried out. */
export async function sameFileImported(db: Executor, userId: number, sha256: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from certificate_imports where user_id = ${userId} and sha256 = ${sha256}
         and status = 'IMPORTADO' order by id desc limit 1`,
  );
  return row ? Number(row.id) : null;
}

export async function importFile(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.owner_type, FILE_OWNER_TYPE), eq(storedFiles.owner_id, id)));
  return row ?? null;
}

/** The user who sent the import, as the actor its jobs act for (null when gone or inactive). */
export async function actorOfUser(db: Database, userId: number): Promise<Actor | null> {
  const [row] = await queryRows<ActorColumns>(
    db,
    sql`select ${ACTOR_COLUMNS} from users u join roles r on r.id = u.role_id
         where u.id = ${userId} and u.deleted_at is null and u.active`,
  );
  return row ? actorOf(row, 0) : null;
}

/** Which of these idempotency keys an earlier import already used (read in slices: a file may have thousands). */
export async function usedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: certificateImportDrafts.idempotency_key })
      .from(certificateImportDrafts)
      .where(inArray(certificateImportDrafts.idempotency_key, keys.slice(i, i + 1000)));
    for (const row of rows) used.add(row.key);
  }
  return used;
}
