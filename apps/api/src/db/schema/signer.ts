import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accessTokens, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One-time codes of the A3 signer program (DOMAIN.md §5): what `purpose` (a certificate's stage, a declaration) on
 * which record, asked for by which user in which session (`access_token_id`: signing ends with the session), and the exact document handed out to be signed
 * (the signed XML that comes back must be this document plus the one signature). Only the code's SHA-256 is kept.
 */
export const signerTokens = pgTable(
  'signer_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    record_id: integer('record_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    access_token_id: integer('access_token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('signer_tokens_record_idx').on(t.purpose, t.record_id),
    check(
      'signer_tokens_purpose_check',
      sql`${t.purpose} in ('certificate_first', 'certificate_second', 'declaration')`,
    ),
  ],
);
