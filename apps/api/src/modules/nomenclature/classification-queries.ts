import type { ClassificationList } from '@origem/contract/schemas/nomenclature';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classificationItems, classificationLists, storedFiles, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import { mapPage, orderTerms, type PageRequest, paginate, plainOrder } from '../../lib/paging';
import type { ClassificationItemRow } from './classification-csv';

export const LIST_OWNER = 'classification_list';

const listColumns = {
  id: classificationLists.id,
  classification_type: classificationLists.classification_type,
  name: classificationLists.name,
  rows_count: classificationLists.rows_count,
  uploaded_at: classificationLists.uploaded_at,
  created_at: classificationLists.created_at,
  updated_at: classificationLists.updated_at,
  uploader_id: users.id,
  uploader_name: users.name,
  file_name: storedFiles.original_name,
  file_size: storedFiles.size,
};

type ListRow = {
  id: number;
  classification_type: string;
  name: string;
  rows_count: number;
  uploaded_at: Date;
  created_at: Date;
  updated_at: Date;
  uploader_id: number | null;
  uploader_name: string | null;
  file_name: string | null;
  file_size: number | null;
};

function toList(row: ListRow): ClassificationList {
  return {
    id: row.id,
    classification_type: row.classification_type,
    name: row.name,
    rows_count: row.rows_count,
    uploaded_by:
      row.uploader_id !== null && row.uploader_name !== null
        ? { id: row.uploader_id, name: row.uploader_name }
        : null,
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    file: row.file_name !== null ? { name: row.file_name, size: Number(row.file_size ?? 0) } : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function selectLists(db: Executor) {
  return db
    .select(listColumns)
    .from(classificationLists)
    .leftJoin(users, eq(users.id, classificationLists.uploaded_by))
    .leftJoin(
      storedFiles,
      and(eq(storedFiles.owner_type, LIST_OWNER), eq(storedFiles.owner_id, classificationLists.id)),
    );
}

const listOrder = plainOrder(
  asc(classificationLists.classification_type),
  asc(humanOrder(classificationLists.name)),
  asc(classificationLists.id),
);

export async function pageLists(db: Executor, request: PageRequest) {
  const page = await paginate(db, request, {
    where: undefined,
    order: listOrder,
    rows: (where) => selectLists(db).where(where).$dynamic(),
    ids: (where) =>
      db.select({ id: classificationLists.id }).from(classificationLists).where(where).$dynamic(),
  });
  return mapPage(page, toList);
}

export async function allLists(db: Executor) {
  return (await selectLists(db).orderBy(...orderTerms(listOrder))).map(toList);
}

export async function findList(db: Executor, id: number): Promise<ClassificationList | null> {
  const [row] = await selectLists(db).where(eq(classificationLists.id, id));
  return row ? toList(row) : null;
}

export async function typeTaken(db: Executor, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classificationLists.id })
    .from(classificationLists)
    .where(eq(classificationLists.classification_type, type));
  return Boolean(row);
}

export async function insertList(
  db: Executor,
  values: { classification_type: string; name: string; rows_count: number; uploaded_by: number },
): Promise<number> {
  const [row] = await db.insert(classificationLists).values(values).returning({ id: classificationLists.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateList(
  db: Executor,
  id: number,
  values: { name?: string; rows_count?: number; uploaded_by?: number; uploaded_at?: Date },
): Promise<void> {
  await db.update(classificationLists).set(values).where(eq(classificationLists.id, id));
}

export async function deleteList(db: Executor, id: number): Promise<void> {
  await db.delete(classificationLists).where(eq(classificationLists.id, id));
}

// Items travel as one JSON parameter per batch (a NALADI list has ~10,000 rows).
const ITEM_BATCH = 5000;

export async function replaceItems(
  db: Executor,
  listId: number,
  items: readonly ClassificationItemRow[],
): Promise<void> {
  await db.delete(classificationItems).where(eq(classificationItems.list_id, listId));
  for (let i = 0; i < items.length; i += ITEM_BATCH) {
    const batch = JSON.stringify(
      items
        .slice(i, i + ITEM_BATCH)
        .map(({ ncm_code, code, description }) => ({ ncm_code, code, description })),
    );
    await db.execute(sql`
      insert into ${classificationItems} (list_id, ncm_code, code, description)
      select ${listId}, ncm_code, code, description
        from json_to_recordset(${batch}::json) as r(ncm_code varchar, code varchar, description text)`);
  }
}

export async function countItems(db: Executor, listId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classificationItems)
    .where(eq(classificationItems.list_id, listId));
  return row?.n ?? 0;
}
