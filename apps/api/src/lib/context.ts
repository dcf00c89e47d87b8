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
};

export type RequestMeta = { ip: string; userAgent: string | null; url: string };

/** Passed to services instead of the request: who acts, from where, and whether an audit row was written. */
export type ServiceContext = {
  actor: Actor | null;
  meta: RequestMeta;
  /** Public address for links in e-mails. */
  appUrl: string;
  audited: number;
};

export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new Error('service called without an actor');
  return ctx.actor;
}
