import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { Permission, RoleType } from '@origem/contract/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../config';
import { type Database, queryRows } from '../db/client';
import type { Actor, ServiceContext } from '../lib/context';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { sha256 } from '../lib/secrets';
import { authenticateApiToken, isApiToken } from '../modules/api-tokens/authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. Every route must say `public: true` or name the permission it requires. */
    public?: boolean;
    /** The permission required, or any one of a list. */
    permission?: Permission | readonly Permission[] | 'authenticated';
    /** A mutation that writes no audit row on purpose (e.g. it only reads). */
    audit?: false;
    /** Reachable by an enrolment-only session (a second factor to set up before anything else). */
    mfaEnrollment?: true;
    /**
     * false: personal API tokens are refused here (403). Set by the plugin on user, role and token management;
     * a route may set it too.
     */
    apiToken?: false;
  }
  interface FastifyRequest {
    actor: Actor | null;
    ctx: ServiceContext;
  }
}

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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/**
 * Default-deny: an API route (/v1, /v2) that declares neither `public` nor `permission` fails at start-up, so no
 * endpoint can be added without deciding who may call it.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('ctx', null as unknown as ServiceContext);

  app.addHook('onRoute', (route) => {
    // Outside the API (the SPA's static files, the API reference) everything is public content.
    if (!/^\/(v1|v2)\//.test(route.url) && !route.config?.permission) {
      route.config = { ...route.config, public: true };
      return;
    }
    if (isManagementRoute(route.url, route.config?.permission)) {
      route.config = { ...route.config, apiToken: false };
    }
    const config = route.config as { public?: boolean; permission?: unknown } | undefined;
    if (!config?.public && !config?.permission) {
      throw new Error(`A rota ${route.method} ${route.url} não declara permissão nem public: true`);
    }
  });

  // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about the schema.
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      actor: null,
      meta: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, url: request.url },
      appUrl: app.config.appUrl,
      audited: 0,
    };
    if (request.is404) return;
    const config = request.routeOptions.config ?? {};
    const token = bearerToken(request);
    if (config.public && !token) return;
    if (token && isApiToken(token)) {
      const found = await authenticateApiToken(app.db, app.config, token, config.apiToken !== false);
      if (found.refusal) {
        if (config.public) return;
        throw found.refusal;
      }
      request.ctx.apiToken = found.token;
      request.actor = found.actor;
      request.ctx.actor = found.actor;
      return requirePermission(found.actor, config.permission);
    }
    const actor = token ? await findActorByToken(app.db, token, app.config.sessionLimits) : null;
    if (!actor) {
      if (config.public) return;
      throw unauthenticated();
    }
    request.actor = actor;
    request.ctx.actor = actor;
    if (actor.enrollmentOnly && !config.mfaEnrollment) {
      throw new AppError(403, ErrorCode.MfaEnrollmentRequired, messages.mfa.enrollmentRequired);
    }
    requirePermission(actor, config.permission);
  });
});

function requirePermission(actor: Actor, required: FastifyContextConfig['permission']): void {
  if (!required || required === 'authenticated') return;
  const anyOf = Array.isArray(required) ? required : [required];
  if (!anyOf.some((p) => actor.permissions.has(p))) throw forbidden();
}

// Who manages users, roles, sessions, second factors and tokens: never a personal API token.
const MANAGEMENT_URL = /^\/v[12]\/(user|role|permission|oauth|account|api-token|admin\/api-token)(\/|$)/;
const MANAGEMENT_PERMISSIONS = new Set<string>(['user.view', 'user.manage', 'role.manage']);

function isManagementRoute(url: string, permission: FastifyContextConfig['permission']): boolean {
  if (MANAGEMENT_URL.test(url)) return true;
  const required = typeof permission === 'string' ? [permission] : (permission ?? []);
  return required.some((name) => MANAGEMENT_PERMISSIONS.has(name));
}
