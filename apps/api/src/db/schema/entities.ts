import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { address, timestamps } from './columns';
import { countries } from './lookups';

// The network above the issuing entities: confederations and their federations. The trade associations (the
// issuing entities) are in identity.ts, beside the users they name and who act for them.

export const confederations = pgTable(
  'confederations',
  {
    id: serial('id').primaryKey(),
    confederation_code: varchar('confederation_code', { length: 20 }),
    name: varchar('name', { length: 255 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 30 }),
    cnpj: varchar('cnpj', { length: 14 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    fax: varchar('fax', { length: 30 }),
    url: varchar('url', { length: 255 }),
    ...address,
    country_id: integer('country_id').references(() => countries.id),
    ...timestamps,
  },
  (t) => [index('confederations_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id)],
);

export const federations = pgTable(
  'federations',
  {
    id: serial('id').primaryKey(),
    confederation_id: integer('confederation_id').references(() => confederations.id),
    name: varchar('name', { length: 255 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 30 }),
    cnpj: varchar('cnpj', { length: 14 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    ...address,
    ...timestamps,
  },
  (t) => [index('federations_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id)],
);
