/**
 * zod without eval: the page's policy refuses it (apps/api/src/plugins/content-security-policy.ts), and zod would
 * probe it with `new Function('')` before compiling its first object schema, the refusal reported as a violation.
 * Jitless, it parses without compiling. Set through the global object zod keeps its settings in (what `z.config`
 * writes), whichever loads first: importing zod itself here would add 4 KB to /login.
 */
export function zodWithoutEval(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
