import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Whether a certificate item cites the declaration (then it cannot be deleted: SPEC §8, status 235), whatever the
 * certificate's state (certificate_items_declaration_idx).
 */
export async function declarationIsCited(db: Executor, declarationId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from certificate_items where declaration_id = ${declarationId} limit 1`,
  );
  return rows.length > 0;
}
