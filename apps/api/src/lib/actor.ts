import type { RoleType } from '@origem/contract/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../config';
import type { Database } from '../db/client';
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
  return findActor(db, 'access_hash', sha256(token), limits);
}

/** The actor of a session by its id: what the A3 signer's one-time code acts as (it dies with the session). */
export function findActorByTokenId(
  db: Database,
  tokenId: number,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<Actor | null> {
  return findActor(db, 'id', tokenId, limits);
}

/** A live session: not revoked, not expired, used within the idle limit, younger than the absolute one. */
export function liveSession(limits: SessionLimits): SQL {
  return liveWithin(limits.idleHours * 3600, limits.maxDays * 86400);
}

/** `liveSession` by its limits in seconds (values, or the placeholders of a prepared statement). */
function liveWithin(idleSeconds: unknown, maxSeconds: unknown): SQL {
  return sql`t.revoked_at is null and t.expires_at > now()
    and t.last_used_at > now() - make_interval(secs => ${idleSeconds})
    and t.started_at > now() - make_interval(secs => ${maxSeconds})`;
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

type SessionKey = 'access_hash' | 'id';
type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: { rows: ActorRow[] } }>;

const dialect = new PgDialect();
/** Per database session (the pool's, a transaction's): the lookup by each key, prepared once. */
const preparedBySession = new WeakMap<object, Map<SessionKey, Prepared>>();

/**
 * The lookup every authenticated request makes, built once and sent as a named statement: no SQL assembled per
 * request, and PostgreSQL parses and plans it once per connection (issue 39).
 */
function actorLookup(db: Database, key: SessionKey): Prepared {
  const session = db._.session;
  let prepared = preparedBySession.get(session);
  if (!prepared) {
    prepared = new Map();
    preparedBySession.set(session, prepared);
  }
  let lookup = prepared.get(key);
  if (!lookup) {
    const query = sql`
    select ${ACTOR_COLUMNS}, t.id as token_id, t.scope,
           t.last_used_at < now() - interval '1 minute' as stale
      from access_tokens t
      join users u on u.id = t.user_id
      join roles r on r.id = u.role_id
     where t.${sql.raw(key)} = ${sql.placeholder('value')}
       and ${liveWithin(sql.placeholder('idle'), sql.placeholder('max'))}
       and u.deleted_at is null and u.active`;
    lookup = session.prepareQuery(dialect.sqlToQuery(query), undefined, `actor_by_${key}`, false) as Prepared;
    prepared.set(key, lookup);
  }
  return lookup;
}

async function findActor(
  db: Database,
  key: SessionKey,
  value: string | number,
  limits: SessionLimits,
): Promise<Actor | null> {
  const { rows } = await actorLookup(db, key).execute({
    value,
    idle: limits.idleHours * 3600,
    max: limits.maxDays * 86400,
  });
  const row = rows[0];
  if (!row) return null;
  // Last use is written at most once a minute: enough for the idle limit and the sessions list.
  if (row.stale)
    await db.execute(sql`update access_tokens set last_used_at = now() where id = ${row.token_id}`);
  return actorOf(row, row.token_id, row.scope === 'mfa_enrollment');
}
