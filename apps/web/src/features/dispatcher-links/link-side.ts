import type { UserDetail } from '@origem/contract/schemas/auth';

/** The two sides of a link; a user of neither is staff of the hierarchy. */
export type LinkSide = 'exporter' | 'dispatcher';

/** Which side of a link the signed-in user speaks for (an exporter's or a dispatcher's user), or 'staff'. */
export function linkSideOf(user: UserDetail | null): LinkSide | 'staff' {
  if (user?.role.type === 'exportador' && user.exporter) return 'exporter';
  if (user?.role.type === 'despachante' && user.dispatcher) return 'dispatcher';
  return 'staff';
}

/** Where each kind of user keeps its links (SPEC §2). */
export const LINK_LIST_ROUTES = {
  exporter: '/vinculo/lista-vinculos-exportador',
  dispatcher: '/vinculo/lista-vinculos-despachante',
  staff: '/vinculo/lista-vinculos-despachante-exportador',
} as const;

/** The list a user goes back to from a link: its own side's, or the combined one. */
export function linkListRoute(user: UserDetail | null): string {
  return LINK_LIST_ROUTES[linkSideOf(user)];
}
