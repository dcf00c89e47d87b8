import { sql } from 'drizzle-orm';
import type { SessionLimits } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { liveSession } from '../../lib/actor';

export type SessionRow = {
  id: number;
  user_agent: string | null;
  ip_address: string | null;
  started_at: string | Date;
  last_used_at: string | Date;
};

/** The user's live sessions, the most recently used first. */
export function liveSessions(db: Executor, userId: number, limits: SessionLimits) {
  return queryRows<SessionRow>(
    db,
    sql`select t.id, t.user_agent, t.ip_address, t.started_at, t.last_used_at
          from access_tokens t
         where t.user_id = ${userId} and ${liveSession(limits)}
         order by t.last_used_at desc, t.id desc
         limit 200`,
  );
}

/** Ends one live session of the user; false when there is none with that id. */
export async function revokeSession(db: Executor, userId: number, sessionId: number, limits: SessionLimits) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update access_tokens t set revoked_at = now()
         where t.id = ${sessionId} and t.user_id = ${userId} and ${liveSession(limits)}
        returning t.id`,
  );
  return rows.length > 0;
}
