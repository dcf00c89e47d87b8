import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../db/client';

const UPSERT = (scope: string) =>
  sql`insert into document_sequences (scope, value) values (${scope}, 1)
      on conflict (scope) do update set value = document_sequences.value + 1, updated_at = now()
      returning value`;

/**
 * The next number of `scope` (e.g. 'certificate:036:A18:26'), taken inside the issuing transaction with one
 * upsert-returning statement. The row lock it takes is held until the transaction ends, so concurrent issuers queue
 * on it: numbers are unique, and gap-free because a transaction that rolls back gives its number back. A service
 * that has more to write after the number uses `LateNumber` instead, so that nobody queues behind that work.
 */
export async function nextNumber(tx: Tx, scope: string): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(tx, UPSERT(scope));
  if (!row) throw new Error(`sequência ${scope} não retornou valor`);
  return Number(row.value);
}

/** Rows of one table written with a late number's placeholder in these columns (text or jsonb). */
type Holder = { table: PgTable; columns: AnyPgColumn[]; ids: number[] };

/** The transaction's last write of its own record, which the number's statement makes along (see `take`). */
export type LastUpdate = { table: PgTable & { id: AnyPgColumn }; id: number; set: SQL[] };

/**
 * A number taken as the last statement of its transaction (issue 39). The sequence's row stays locked from the
 * upsert to COMMIT, and every other issuer of the scope waits that long: taken first, the number made them wait for
 * all the rest of the transaction (history, audit, mails, webhooks, each a round trip to a busy event loop).
 *
 * So the transaction writes `placeholder` wherever the number goes (the record, the audit row, the mails, the
 * webhooks' payloads), registers those rows with `holds`, and ends with `take`: one statement that upserts the
 * sequence and writes the number over the placeholder in each of them. Numbers stay unique and gap-free — the
 * number is still taken inside the transaction and given back by a rollback — and the lock lasts one statement
 * and the COMMIT.
 *
 * The placeholder reads `prefix` + `x` + the record's id in base 36, as wide as the number's digits: the record's
 * columns keep their lengths, its unique index never makes two transactions wait on each other (each record has its
 * own), and no real number looks like it (the digits are digits).
 */
export class LateNumber {
  readonly placeholder: string;
  private readonly holders: Holder[] = [];

  constructor(
    readonly scope: string,
    private readonly prefix: string,
    recordId: number,
    private readonly width = 8,
  ) {
    const token = recordId.toString(36);
    if (token.length > width - 1) throw new Error(`registro ${recordId} não cabe no marcador do número`);
    this.placeholder = `${prefix}x${token.padStart(width - 1, '0')}`;
  }

  /** Registers rows written with the placeholder in `columns`. */
  holds(table: PgTable, columns: AnyPgColumn[], ids: readonly number[]): this {
    if (ids.length > 0) this.holders.push({ table, columns, ids: [...ids] });
    return this;
  }

  /**
   * Takes the number and writes it over the placeholder in every row registered, in one statement that also makes
   * `last` (the record's own last update, e.g. its new status: with it any row its triggers lock is locked only now
   * too). Must be the transaction's last statement: the caller commits right after. Answers the number, and the row
   * `last` updated as the driver reads it (raw column values by SQL name), or null without `last`.
   */
  async take(tx: Tx, last?: LastUpdate): Promise<{ number: number; row: Record<string, unknown> | null }> {
    const digits = sql`(select digits from taken)`;
    const filled = (column: AnyPgColumn) => {
      const name = sql.identifier(column.name);
      const json = column.dataType === 'json';
      const value = sql`replace(${name}${json ? sql`::text` : sql``}, ${this.placeholder}, ${this.prefix} || ${digits})`;
      return sql`${name} = ${json ? sql`${value}::jsonb` : value}`;
    };
    const updates: SQL[] = [];
    let lastSet = last?.set ?? [];
    for (const holder of this.holders) {
      const own = last && getTableName(holder.table) === getTableName(last.table);
      if (own && holder.ids.length === 1 && holder.ids[0] === last.id) {
        // Two updates of one row in one statement would drop one: the record's columns join its last update.
        lastSet = [...lastSet, ...holder.columns.map(filled)];
        continue;
      }
      updates.push(
        sql`update ${holder.table} set ${sql.join(holder.columns.map(filled), sql`, `)}
             where id in (${sql.join(
               holder.ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
    }
    const ctes = updates.map((update, i) => sql`, w${sql.raw(String(i))} as (${update})`);
    const own = last
      ? sql`, own as (update ${last.table} set ${sql.join(lastSet, sql`, `)} where id = ${last.id} returning *)`
      : sql``;
    const [row] = await queryRows<Record<string, unknown> & { taken_number: string | number }>(
      tx,
      sql`with n as (${UPSERT(this.scope)}),
               taken as (select lpad(value::text, greatest(${this.width}, length(value::text)), '0') as digits
                           from n)${sql.join(ctes, sql``)}${own}
          ${last ? sql`select (select value from n) as taken_number, own.* from own` : sql`select value as taken_number from n`}`,
    );
    if (!row) throw new Error(`sequência ${this.scope} não retornou valor`);
    const { taken_number, ...written } = row;
    return { number: Number(taken_number), row: last ? written : null };
  }
}
