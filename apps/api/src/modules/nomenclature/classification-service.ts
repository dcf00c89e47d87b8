import {
  type ClassificationList,
  type ClassificationType,
  classificationListCreateSchema,
  classificationListUpdateSchema,
  nomenclatureMessages,
} from '@origem/contract/schemas/nomenclature';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FileChanges, findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { discardFiles, type MultipartForm, type ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import { requireActor, type ServiceContext } from '../../lib/context';
import { type FieldErrors, invalid, notFound, violatesConstraint } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { type ClassificationItemRow, readClassificationList } from './classification-csv';
import * as q from './classification-queries';
import { capErrors, decodeCsv } from './csv';
import { completeCodes } from './ncm-queries';
import { readStoredBytes } from './stored-bytes';

const msg = nomenclatureMessages.classificationList;

export async function listLists(db: Database, page: PageRequest) {
  return q.pageLists(db, page);
}

export async function allLists(db: Database) {
  return { data: await q.allLists(db) };
}

async function getList(db: Database, id: number): Promise<ClassificationList> {
  const list = await q.findList(db, id);
  if (!list) throw notFound();
  return list;
}

/** zod issues of a multipart form's text fields, as the API's field errors. */
function issuesOf(error: z.ZodError | undefined, errors: FieldErrors): void {
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0] ?? '_');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
}

/** Reads and checks an uploaded list; its problems (every line) go to `errors.file`. */
async function readItems(
  db: Database,
  storage: FileStorage,
  file: ReceivedFile,
  type: ClassificationType,
  errors: FieldErrors,
): Promise<ClassificationItemRow[]> {
  const text = decodeCsv(await readStoredBytes(storage, file.key));
  const known = await completeCodes(db);
  const result = readClassificationList(text, type, (code) => known.has(code));
  if (result.errors.length > 0) errors.file = capErrors(result.errors);
  return result.items;
}

function refuse(errors: FieldErrors): never {
  const fileErrors = errors.file?.length ?? 0;
  throw invalid(errors, fileErrors > 1 ? nomenclatureMessages.csv.summary(fileErrors) : undefined);
}

/** The unique index on the type has the last word when two lists of one type are created at once. */
function typeRace(err: unknown, type: string): never {
  if (violatesConstraint(err, 'classification_lists_classification_type_unique')) {
    throw invalid({ classification_type: [msg.typeTaken(type)] });
  }
  throw err;
}

/**
 * Creates a list from the form (type, name) and its CSV: everything is checked first (fields and every line
 * of the file); only a clean upload writes the list, its items, the stored file and the audit row, together.
 */
export async function createList(
  db: Database,
  ctx: ServiceContext,
  storage: FileStorage,
  form: MultipartForm,
): Promise<ClassificationList> {
  const actor = requireActor(ctx);
  const file = form.files.file;
  try {
    const errors: FieldErrors = {};
    const fields = classificationListCreateSchema.safeParse(form.fields);
    issuesOf(fields.error, errors);
    if (!file) errors.file = [nomenclatureMessages.csv.fileRequired];
    let items: ClassificationItemRow[] = [];
    if (fields.success) {
      if (await q.typeTaken(db, fields.data.classification_type)) {
        errors.classification_type = [msg.typeTaken(fields.data.classification_type)];
      }
      if (file) items = await readItems(db, storage, file, fields.data.classification_type, errors);
    }
    if (!fields.success || !file || Object.keys(errors).length > 0) refuse(errors);
    const input = fields.data;
    const id = await new FileChanges(storage)
      .run((changes) =>
        db.transaction(async (tx) => {
          const listId = await q.insertList(tx, {
            ...input,
            rows_count: items.length,
            uploaded_by: actor.id,
          });
          await q.replaceItems(tx, listId, items);
          await changes.attach(tx, file, { type: q.LIST_OWNER, id: listId }, actor.id);
          await recordAudit(tx, ctx, {
            event: 'created',
            type: q.LIST_OWNER,
            id: listId,
            new: { ...input, rows_count: items.length, file: file.originalName, sha256: file.sha256 },
          });
          return listId;
        }),
      )
      .catch((err: unknown) => typeRace(err, input.classification_type));
    return getList(db, id);
  } catch (err) {
    await discardFiles(storage, form.files);
    throw err;
  }
}

/** A new name and/or a new file (whose items replace the old ones); the type stays. */
export async function updateList(
  db: Database,
  ctx: ServiceContext,
  storage: FileStorage,
  id: number,
  form: MultipartForm,
): Promise<ClassificationList> {
  const actor = requireActor(ctx);
  const file = form.files.file;
  try {
    const before = await getList(db, id);
    const errors: FieldErrors = {};
    const fields = classificationListUpdateSchema.safeParse(form.fields);
    issuesOf(fields.error, errors);
    const input = fields.data ?? {};
    if (input.classification_type && input.classification_type !== before.classification_type) {
      errors.classification_type = [msg.typeLocked];
    }
    if (fields.success && !file && input.name === undefined) errors.name = [msg.nothingToChange];
    let items: ClassificationItemRow[] | null = null;
    if (file) {
      items = await readItems(db, storage, file, before.classification_type as ClassificationType, errors);
    }
    if (Object.keys(errors).length > 0) refuse(errors);
    await new FileChanges(storage).run((changes) =>
      db.transaction(async (tx) => {
        const values: { name?: string; rows_count?: number; uploaded_by?: number; uploaded_at?: Date } = {};
        if (input.name !== undefined) values.name = input.name;
        if (file && items) {
          await q.replaceItems(tx, id, items);
          await changes.attach(tx, file, { type: q.LIST_OWNER, id }, actor.id);
          Object.assign(values, { rows_count: items.length, uploaded_by: actor.id, uploaded_at: new Date() });
        }
        await q.updateList(tx, id, values);
        const diff = changedValues(
          { name: before.name, rows_count: before.rows_count, file: before.file?.name ?? null },
          {
            name: values.name ?? before.name,
            rows_count: values.rows_count ?? before.rows_count,
            file: file ? file.originalName : (before.file?.name ?? null),
          },
        );
        await recordAudit(tx, ctx, {
          event: 'updated',
          type: q.LIST_OWNER,
          id,
          old: diff.old,
          new: file ? { ...diff.new, sha256: file.sha256 } : diff.new,
        });
      }),
    );
    return getList(db, id);
  } catch (err) {
    await discardFiles(storage, form.files);
    throw err;
  }
}

export async function deleteList(db: Database, ctx: ServiceContext, storage: FileStorage, id: number) {
  await new FileChanges(storage).run((changes) =>
    db.transaction(async (tx) => {
      const before = await q.findList(tx, id);
      if (!before) throw notFound();
      await changes.detachAll(tx, { type: q.LIST_OWNER, id });
      await q.deleteList(tx, id);
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: q.LIST_OWNER,
        id,
        old: {
          classification_type: before.classification_type,
          name: before.name,
          rows_count: before.rows_count,
          file: before.file?.name ?? null,
        },
      });
    }),
  );
  return { message: msg.deleted };
}

/** The CSV as it was uploaded; 404 when the list (or its file) does not exist. */
export async function listFile(db: Database, id: number): Promise<StoredFile> {
  const file = await findOwnerFile(db, { type: q.LIST_OWNER, id });
  if (!file) throw notFound();
  return file;
}
