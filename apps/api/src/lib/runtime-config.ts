import type { Config } from '../config';

/**
 * The settings the web reads at run time (apps/web/src/lib/runtime-config.ts), written into index.html as
 * <meta name="origem:…"> tags when the server sends the page: the same web build serves any APP_URL.
 */
export const RUNTIME_META = { appUrl: 'origem:app-url' } as const;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function withRuntimeConfig(html: string, config: Pick<Config, 'appUrl'>): string {
  const tags = `<meta name="${RUNTIME_META.appUrl}" content="${escapeAttribute(config.appUrl)}" />`;
  // The tags go first in <head>, before the module script that reads them.
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${tags}`)
    : `${tags}\n${html}`;
}
