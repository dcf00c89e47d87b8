import type { Session } from '@origem/contract/schemas/account';
import type { SessionLimits } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { revokeAllTokens } from '../auth/queries';
import { getManagedUser } from '../users/service';
import * as q from './queries';
import { describeUserAgent } from './user-agent';

const iso = (value: string | Date) => new Date(value).toISOString();

async function sessionsOf(db: Database, userId: number, limits: SessionLimits, currentId: number | null) {
  const rows = await q.liveSessions(db, userId, limits);
  return rows.map(
    (row): Session => ({
      id: row.id,
      device: describeUserAgent(row.user_agent),
      ip_address: row.ip_address,
      started_at: iso(row.started_at),
      last_used_at: iso(row.last_used_at),
      current: row.id === currentId,
    }),
  );
}

async function endSessionOf(
  db: Database,
  ctx: ServiceContext,
  userId: number,
  sessionId: number,
  limits: SessionLimits,
) {
  await db.transaction(async (tx) => {
    if (!(await q.revokeSession(tx, userId, sessionId, limits))) throw notFound();
    await recordAudit(tx, ctx, { event: 'session_ended', type: 'session', id: sessionId, userId });
  });
}

export const mySessions = (db: Database, actor: Actor, limits: SessionLimits) =>
  sessionsOf(db, actor.id, limits, actor.tokenId);

export const endMySession = (
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  limits: SessionLimits,
) => endSessionOf(db, ctx, actor.id, id, limits);

/** "Encerrar as outras sessões": every session of the user but the one asking. */
export async function endMyOtherSessions(db: Database, ctx: ServiceContext, actor: Actor) {
  await db.transaction(async (tx) => {
    await revokeAllTokens(tx, actor.id, actor.tokenId);
    await recordAudit(tx, ctx, {
      event: 'sessions_ended',
      type: 'user',
      id: actor.id,
      new: { scope: 'others' },
    });
  });
}

export async function userSessions(db: Database, actor: Actor, userId: number, limits: SessionLimits) {
  const user = await getManagedUser(db, actor, userId);
  return sessionsOf(db, user.id, limits, user.id === actor.id ? actor.tokenId : null);
}

export async function endUserSession(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  userId: number,
  sessionId: number,
  limits: SessionLimits,
) {
  const user = await getManagedUser(db, actor, userId);
  await endSessionOf(db, ctx, user.id, sessionId, limits);
}
