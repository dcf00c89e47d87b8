import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { address, timestamps } from './columns';
import { deals } from './deals';
import { users } from './identity';
import { countries } from './lookups';

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

export const tradeAssociations = pgTable(
  'trade_associations',
  {
    id: serial('id').primaryKey(),
    federation_id: integer('federation_id').references(() => federations.id),
    name: varchar('name', { length: 255 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 30 }),
    /** ALADI issuing-entity code (EHId), three characters. */
    ehid: varchar('ehid', { length: 3 }),
    cnpj: varchar('cnpj', { length: 14 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    ...address,
    notes: text('notes'),
    /** SPEC §3 `user_id`: the association's own user (who answers for it in the system), when one is named. */
    user_id: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('trade_associations_user_idx').on(t.user_id),
    index('trade_associations_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    // EHId identifies the issuing entity in every CertificateID: unique whatever the case.
    uniqueIndex('trade_associations_ehid_unique').on(sql`upper(${t.ehid})`),
  ],
);

/** What an association charges per issued certificate of a deal: less for members (`associated`). */
export const tradeAssociationFees = pgTable(
  'trade_association_fees',
  {
    id: serial('id').primaryKey(),
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id, { onDelete: 'cascade' }),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    member_fee: numeric('member_fee', { precision: 12, scale: 2 }).notNull(),
    non_member_fee: numeric('non_member_fee', { precision: 12, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('trade_association_fees_unique').on(t.trade_association_id, t.deal_id)],
);
