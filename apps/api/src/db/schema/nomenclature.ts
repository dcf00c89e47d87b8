import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './identity';

/** The NCM tree: chapters (2 digits) down to the 8-digit leaves, as the Receita Federal publishes it. */
export const ncm = pgTable(
  'ncm',
  {
    code: varchar('code', { length: 8 }).primaryKey(),
    parent_code: varchar('parent_code', { length: 8 }),
    /** The 2-digit chapter. */
    main_parent: varchar('main_parent', { length: 2 }).notNull(),
    description: text('description').notNull(),
    level: integer('level').notNull(),
    leaf: boolean('leaf').notNull(),
  },
  (t) => [index('ncm_parent_idx').on(t.parent_code)],
);

/** Which description prints on documents for an NCM, chosen once and reused. */
export const ncmReferences = pgTable(
  'ncm_references',
  {
    id: serial('id').primaryKey(),
    ncm_code: varchar('ncm_code', { length: 8 }).notNull(),
    description: text('description').notNull(),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('ncm_references_ncm_unique').on(t.ncm_code)],
);

/** One list per classification type (NALADI/SH 96, SH 2012…), mapping NCM to that nomenclature. */
export const classificationLists = pgTable('classification_lists', {
  id: serial('id').primaryKey(),
  classification_type: varchar('classification_type', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 160 }).notNull(),
  rows_count: integer('rows_count').notNull().default(0),
  uploaded_by: integer('uploaded_by').references(() => users.id),
  uploaded_at: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  ...timestamps,
});

export const classificationItems = pgTable(
  'classification_items',
  {
    id: serial('id').primaryKey(),
    list_id: integer('list_id')
      .notNull()
      .references(() => classificationLists.id, { onDelete: 'cascade' }),
    ncm_code: varchar('ncm_code', { length: 8 }).notNull(),
    code: varchar('code', { length: 12 }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    uniqueIndex('classification_items_list_ncm_unique').on(t.list_id, t.ncm_code),
    index('classification_items_ncm_idx').on(t.ncm_code),
  ],
);
