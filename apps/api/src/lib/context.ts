import type { RoleType } from '@origem/contract/permissions';

/** The signed-in user as every service sees it: identity, permissions and the scope that limits its rows. */
export type Actor = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  roleName: string;
  roleType: RoleType;
  permissions: ReadonlySet<string>;
  tradeAssociationId: number | null;
  federationId: number | null;
  confederationId: number | null;
  /** Set for an exporter's or a dispatcher's user: the record it acts for. */
  exporterId: number | null;
  dispatcherId: number | null;
  tokenId: number;
  /** A session that may only enrol a second factor (its role requires one the user has not set up). */
  enrollmentOnly?: boolean;
};

/** The personal API token a request came with (issue 25): its audit rows name it. */
export type ApiTokenUse = { id: number; name: string };

/** A request that carries an `Idempotency-Key` (lib/idempotency.ts): whose, which, and for what request. */
export type IdempotencyClaim = {
  userId: number;
  key: string;
  /** Method and route pattern. */
  route: string;
  /** Route, address and body: the same key with another request is refused. */
  fingerprint: string;
  /** Set once the change's first audit row tied the key to its record. */
  tied: boolean;
};

export type RequestMeta = { ip: string; userAgent: string | null; url: string };

/** Passed to services instead of the request: who acts, from where, and whether an audit row was written. */
export type ServiceContext = {
  actor: Actor | null;
  meta: RequestMeta;
  /** Public address for links in e-mails. */
  appUrl: string;
  audited: number;
  /** Set when the request carries an `Idempotency-Key` (plugins/idempotency.ts). */
  idempotency?: IdempotencyClaim;
  /** Set when the caller authenticated with a personal API token rather than a session. */
  apiToken?: ApiTokenUse;
};

export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new Error('service called without an actor');
  return ctx.actor;
}

/**
 * The context of work no user asked for (a background job, e.g. `declaration_expiry`): its audit rows name no user
 * and carry the job's name where a request would carry its URL and address.
 */
export function systemContext(job: string, appUrl = ''): ServiceContext {
  return { actor: null, meta: { ip: 'sistema', userAgent: null, url: `job:${job}` }, appUrl, audited: 0 };
}
