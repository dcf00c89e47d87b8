import { safeRedirect } from '../lib/redirect';
import { findRoute, matchPath, ROUTES, type RouteEntry } from './route-table';

/** The part of the stored user the guard looks at. */
export type GuardUser = { role: { name: string }; mfa?: { enrollment_only: boolean } };

/** Where a user whose role requires a second factor, signed in without one, must go first (issue 24). */
export const MFA_ENROLLMENT_PATH = '/ativar-verificacao';

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Paths a visitor may open without a stored user (SPEC §2): /login, /pre-cadastro, /esqueceu-senha, /welcome,
 * /manutencao, plus /, /pre-cadastro-pendencia/{id} and /redefinir-senha when it carries the e-mailed ?token=.
 */
export function isExemptPath(
  pathname: string,
  search: Record<string, unknown> = {},
  routes: readonly RouteEntry[] = ROUTES,
): boolean {
  const path = normalize(pathname);
  if (matchPath('/redefinir-senha', path))
    return typeof search.token === 'string' && search.token.trim() !== '';
  return findRoute(path, routes)?.access === 'public';
}

/**
 * Where the guard sends a navigation, or null to let it through.
 * Paths without a delivered screen pass (the 404 page shows); protected paths need a stored user; a signed-in
 * user opening /login is sent on, to its `redirect` when it is an address of this app, otherwise to '/'.
 * Permissions and role restrictions (/regras-origem) are not redirects: PermissionGate shows "sem permissão".
 */
export function guardRedirect(
  input: { pathname: string; search?: Record<string, unknown>; user: GuardUser | null },
  routes: readonly RouteEntry[] = ROUTES,
): string | null {
  const path = normalize(input.pathname);
  const entry = findRoute(path, routes);
  if (!entry) return null;
  if (!input.user) return isExemptPath(path, input.search, routes) ? null : '/welcome';
  // An enrolment-only session reaches nothing else (the server answers 403 MfaEnrollmentRequired anyway).
  if (input.user.mfa?.enrollment_only) return entry.path === MFA_ENROLLMENT_PATH ? null : MFA_ENROLLMENT_PATH;
  if (entry.path === '/login') return safeRedirect(input.search?.redirect) ?? '/';
  return null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for a literal IPv4 or IPv6 address (with or without the URL brackets), false for host names. */
export function isIpAddress(hostname: string): boolean {
  const host = hostname.trim().replace(/^\[(.*)\]$/, '$1');
  if (IPV4.test(host)) return true;
  if (!host.includes(':') || !/^[0-9a-f:.]+(%[\w.-]+)?$/i.test(host)) return false;
  try {
    // The URL parser is the reference for what a valid IPv6 literal is ("::1", "fe80::1", "::ffff:10.0.0.1").
    return new URL(`http://[${host.replace(/%.*$/, '')}]/`).hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The address to go to when the app was opened through a raw IP address: the same path, query and hash on the
 * configured APP_URL's origin. Null when no redirect applies (host name used, APP_URL unset, invalid, or itself
 * an IP, or already there).
 */
export function ipRedirectTarget(
  location: { hostname: string; pathname: string; search: string; hash: string },
  appUrl: string | undefined,
): string | null {
  if (!isIpAddress(location.hostname) || !appUrl) return null;
  let official: URL;
  try {
    official = new URL(appUrl);
  } catch {
    return null;
  }
  if (isIpAddress(official.hostname) || official.hostname === location.hostname) return null;
  return `${official.origin}${location.pathname}${location.search}${location.hash}`;
}
