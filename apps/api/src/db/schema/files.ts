import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Metadata of every stored file; the bytes live in the storage driver under `storage_key`. Written in the owning
 * record's transaction, so a file without its record (or a record pointing at no file) cannot be committed.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    storage_key: varchar('storage_key', { length: 80 }).notNull().unique(),
    original_name: varchar('original_name', { length: 255 }).notNull(),
    mime_type: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** The record the file belongs to, e.g. ('federation', 3): downloads are authorised through it. */
    owner_type: varchar('owner_type', { length: 60 }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.owner_type, t.owner_id)],
);
