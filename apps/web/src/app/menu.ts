import { findRoute, MENU_GROUPS, type MenuGroup, ROUTES, type RouteEntry } from './route-table';

/** The part of the stored user the menu looks at. */
export type MenuUser = { permissions: readonly string[]; role: { name: string; type: string } };

export type MenuItem = { path: string; label: string };
export type MenuSection = { key: MenuGroup; label: string; items: MenuItem[] };

/** Whether a signed-in user may open the route: its permission and its role restriction (SPEC §6) hold. */
export function mayOpenRoute(entry: RouteEntry, user: MenuUser | null): boolean {
  if (!user) return false;
  if (entry.permission && !user.permissions.includes(entry.permission)) return false;
  if (entry.roles && !entry.roles.some((role) => role === user.role.name)) return false;
  return true;
}

/** Whether a signed-in user gets the route's menu item: it may open it, and it is for the user's side. */
export function canSeeRoute(entry: RouteEntry, user: MenuUser | null): boolean {
  if (!user || !mayOpenRoute(entry, user)) return false;
  if (entry.audience && !entry.audience.some((type) => type === user.role.type)) return false;
  return true;
}

/**
 * The side menu for a user: menu areas in UX order, each with only the items the user may reach. Pass the routes
 * whose screens exist (app/screens.tsx DELIVERED_ROUTES): an area appears once one of its screens is built.
 */
export function buildMenu(user: MenuUser | null, routes: readonly RouteEntry[] = ROUTES): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    items: routes
      .filter((entry) => entry.menu === group.key && canSeeRoute(entry, user))
      .map((entry) => ({ path: entry.path, label: entry.title })),
  })).filter((section) => section.items.length > 0);
}

/** The menu item to highlight for a pathname: the screen itself, or the list it belongs to. */
export function selectedMenuPath(
  pathname: string,
  routes: readonly RouteEntry[] = ROUTES,
): string | undefined {
  const entry = findRoute(pathname, routes);
  if (!entry) return undefined;
  return entry.menu ? entry.path : entry.parent;
}
