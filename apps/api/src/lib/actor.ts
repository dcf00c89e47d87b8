import type { RoleType } from '@origem/contract/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../config';
import { type Database, queryRows } from '../db/client';
import type { Actor } from './context';
import { sha256 } from './secrets';

// Who a request acts as, read from the database: a session's user (plugins/auth.ts), a personal API token's user
// (modules/api-tokens/authenticate.ts), the A3 signer's session, an import's author. Below the plugin and the
// modules, so that they share it without importing one another.

type ActorRow = {
  id: number;
  name: string;
  email: string;
  role_id: number;
  role_name: string;
  role_type: string;
  trade_association_id: number | null;
  federation_id: number | null;
  confederation_id: number | null;
  exporter_id: number | null;
  dispatcher_id: number | null;
  token_id: number;
  scope: string;
  stale: boolean;
  permissions: string[] | null;
};

/** The actor of a live session by its access token. */
export function findActorByToken(
  db: Database,
  token: string,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<Actor | null> {
  return findActor(db, sql`t.access_hash = ${sha256(token)}`, limits);
}

/** The actor of a session by its id: what the A3 signer's one-time code acts as (it dies with the session). */
export function findActorByTokenId(
  db: Database,
  tokenId: number,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<Actor | null> {
  return findActor(db, sql`t.id = ${tokenId}`, limits);
}

/** A live session: not revoked, not expired, used within the idle limit, younger than the absolute one. */
export function liveSession(limits: SessionLimits): SQL {
  return sql`t.revoked_at is null and t.expires_at > now()
    and t.last_used_at > now() - make_interval(secs => ${limits.idleHours * 3600})
    and t.started_at > now() - make_interval(secs => ${limits.maxDays * 86400})`;
}

/** The user's side of an actor: identity, place and the role's permissions (none while the role is inactive). */
export const ACTOR_COLUMNS = sql`u.id, u.name, u.email, u.role_id, r.name as role_name, r.type as role_type,
           u.trade_association_id, u.federation_id, u.confederation_id, u.exporter_id, u.dispatcher_id,
           case when r.status = 'ATIVO' then (
             select array_agg(p.name) from role_permissions rp join permissions p on p.id = rp.permission_id
             where rp.role_id = r.id) end as permissions`;

export type ActorColumns = Omit<ActorRow, 'token_id' | 'scope' | 'stale'>;

/** The actor of a user's row; `tokenId` is its session (0 for a personal API token, which has none). */
export function actorOf(row: ActorColumns, tokenId: number, enrollmentOnly = false): Actor {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roleId: row.role_id,
    roleName: row.role_name,
    roleType: row.role_type as RoleType,
    permissions: new Set(row.permissions ?? []),
    tradeAssociationId: row.trade_association_id,
    federationId: row.federation_id,
    confederationId: row.confederation_id,
    exporterId: row.exporter_id,
    dispatcherId: row.dispatcher_id,
    tokenId,
    enrollmentOnly,
  };
}

async function findActor(db: Database, session: SQL, limits: SessionLimits): Promise<Actor | null> {
  const [row] = await queryRows<ActorRow>(
    db,
    sql`
    select ${ACTOR_COLUMNS}, t.id as token_id, t.scope,
           t.last_used_at < now() - interval '1 minute' as stale
      from access_tokens t
      join users u on u.id = t.user_id
      join roles r on r.id = u.role_id
     where ${session} and ${liveSession(limits)}
       and u.deleted_at is null and u.active`,
  );
  if (!row) return null;
  // Last use is written at most once a minute: enough for the idle limit and the sessions list.
  if (row.stale)
    await db.execute(sql`update access_tokens set last_used_at = now() where id = ${row.token_id}`);
  return actorOf(row, row.token_id, row.scope === 'mfa_enrollment');
}
