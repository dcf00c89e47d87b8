import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';

/**
 * The next number of `scope` (e.g. 'certificate:036:A18:26'), taken inside the issuing transaction with one
 * upsert-returning statement. The row lock it takes is held until the transaction ends, so concurrent issuers queue
 * on it: numbers are unique, and gap-free because a transaction that rolls back gives its number back.
 */
export async function nextNumber(tx: Tx, scope: string): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(
    tx,
    sql`insert into document_sequences (scope, value) values (${scope}, 1)
        on conflict (scope) do update set value = document_sequences.value + 1, updated_at = now()
        returning value`,
  );
  if (!row) throw new Error(`sequência ${scope} não retornou valor`);
  return Number(row.value);
}
