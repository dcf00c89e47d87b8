/**
 * Where to go after signing in: an address of this app only (a path such as '/usuarios?page=2'), never another
 * site ('//evil.example', 'https://…', '/\\evil') nor the login page itself. Anything else gives undefined.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const target = value.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters (a newline, a tab) have no place in an address.
  if ([...target].some((char) => char.charCodeAt(0) < 32)) return undefined;
  const path = target.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  if (path === '/login') return undefined;
  return target;
}

/** The current address as a redirect value: path, query and hash. */
export function currentAddress(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
