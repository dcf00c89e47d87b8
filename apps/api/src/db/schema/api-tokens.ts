import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Personal API tokens (issue 25): only the SHA-256 of the token is kept, with the first characters to tell tokens
 * apart. `scopes` are permission names; each call intersects them with what the user holds then.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 100 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    expires_at: at('expires_at').notNull(),
    /** Updated at most once a minute, so a busy token does not write on every call. */
    last_used_at: at('last_used_at'),
    revoked_at: at('revoked_at'),
    revoked_by: integer('revoked_by').references(() => users.id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.user_id, t.id)],
);
