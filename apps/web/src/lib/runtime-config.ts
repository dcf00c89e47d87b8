/**
 * Settings the server gives the page when it serves index.html (apps/api/src/lib/runtime-config.ts writes them as
 * <meta name="origem:…"> tags), so one build runs anywhere: nothing deployment-specific is baked into the bundle.
 * The Vite dev server injects nothing, and every value is then absent.
 */
export const RUNTIME_META = { appUrl: 'origem:app-url' } as const;

export type RuntimeConfig = {
  /** APP_URL: the official address, where a visit through a raw IP address is sent (SPEC §2). */
  appUrl: string | undefined;
};

export function readRuntimeConfig(doc: Pick<Document, 'querySelector'> = document): RuntimeConfig {
  const value = (name: string) =>
    doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || undefined;
  return { appUrl: value(RUNTIME_META.appUrl) };
}
