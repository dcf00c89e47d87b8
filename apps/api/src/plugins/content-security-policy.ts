import { randomBytes } from 'node:crypto';

/**
 * The one policy of every answer, without 'unsafe-inline' or 'unsafe-eval' anywhere: scripts and styles come from
 * this origin only, or from a tag carrying the answer's nonce. Images may be data: and blob: URLs (the icon in
 * index.html, logo previews before upload); no plugins, no framing by other sites, no <base> or form posts elsewhere.
 * upgrade-insecure-requests is left out: installs on an intranet over plain HTTP must keep working.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['font-src', ["'self'", 'data:']],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'self'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['object-src', ["'none'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'"]],
];

/** What one answer's policy adds to the base one. */
export type PolicyExtras = {
  /** This answer's nonce (`cspNonce()`), and the directives where a tag carrying it is allowed. */
  nonce?: { value: string; for: ReadonlyArray<'script-src' | 'style-src'> };
  /** Sources added to a directive, or a directive added (e.g. `style-src-attr`). */
  sources?: Readonly<Record<string, readonly string[]>>;
};

/** A fresh nonce: 128 random bits, once per answer. */
export const cspNonce = () => randomBytes(16).toString('base64');

export function contentSecurityPolicy({ nonce, sources = {} }: PolicyExtras = {}): string {
  const directives = new Map<string, string[]>(DIRECTIVES.map(([name, list]) => [name, [...list]]));
  for (const [name, list] of Object.entries(sources))
    directives.set(name, [...(directives.get(name) ?? []), ...list]);
  for (const name of nonce?.for ?? []) directives.get(name)?.push(`'nonce-${nonce?.value}'`);
  return [...directives].map(([name, list]) => `${name} ${list.join(' ')}`).join('; ');
}

/** The policy of every answer (plugins/security-headers.ts sets it when the request arrives). */
export const BASE_POLICY = contentSecurityPolicy();
