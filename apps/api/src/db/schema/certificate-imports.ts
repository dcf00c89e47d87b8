import { IMPORT_STATUS_CODES } from '@origem/contract/schemas/certificate-imports';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { certificates } from './certificates';
import { timestamps } from './columns';
import { exporters, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const count = (name: string) => integer(name).notNull().default(0);
const statuses = IMPORT_STATUS_CODES.map((code) => `'${code}'`).join(', ');

/**
 * A batch import of certificate drafts (issue 25): who sent which file (stored through the file storage, owner
 * `certificate_import`), its progress while a job validates it, the report (errors and preview, JSON) and the
 * counts. Listed per user, newest first.
 */
export const certificateImports = pgTable(
  'certificate_imports',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The exporter of an exporter's user; null for a dispatcher or an analyst (each row names its own). */
    exporter_id: integer('exporter_id').references(() => exporters.id),
    status: varchar('status', { length: 20 }).notNull().default('VALIDANDO'),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_format: varchar('file_format', { length: 4 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    rows_total: count('rows_total'),
    rows_done: count('rows_done'),
    groups_total: count('groups_total'),
    groups_valid: count('groups_valid'),
    error_count: count('error_count'),
    created_count: count('created_count'),
    skipped_count: count('skipped_count'),
    only_valid: boolean('only_valid').notNull().default(false),
    same_file_as: integer('same_file_as'),
    message: text('message'),
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    preview: jsonb('preview').$type<unknown[]>().notNull().default([]),
    finished_at: at('finished_at'),
    ...timestamps,
  },
  (t) => [
    index('certificate_imports_user_idx').on(t.user_id, t.id.desc()),
    index('certificate_imports_sha_idx').on(t.user_id, t.sha256),
    check('certificate_imports_status_check', sql`${t.status} in (${sql.raw(statuses)})`),
  ],
);

/**
 * The drafts an import created, one per certificate group. `idempotency_key` (the file's SHA-256, the user and the
 * group) is unique: importing the same file again creates nothing new.
 */
export const certificateImportDrafts = pgTable(
  'certificate_import_drafts',
  {
    id: serial('id').primaryKey(),
    import_id: integer('import_id')
      .notNull()
      .references(() => certificateImports.id, { onDelete: 'cascade' }),
    group_key: varchar('group_key', { length: 120 }).notNull(),
    idempotency_key: varchar('idempotency_key', { length: 64 }).notNull(),
    certificate_id: integer('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificate_import_drafts_key_unique').on(t.idempotency_key),
    index('certificate_import_drafts_import_idx').on(t.import_id, t.id),
  ],
);
