import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The file the build writes next to index.html: for each screen's route, the JavaScript files its first render
 * needs beyond the entry's (the screen's chunk, the signed-in frame's, and every chunk they import at once). The
 * server (apps/api/src/plugins/spa.ts) lists them in the page as <link rel="modulepreload">, so the browser fetches
 * the route's code while it still evaluates the entry, instead of discovering it chunk after chunk (issue 21).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** route path (TanStack syntax, '$id' a parameter) → files under the dist folder, in load order. */
export type RoutePreloads = Record<string, string[]>;

/** `'/path': screen(() => import('../features/…'), …)` in src/app/screens.tsx. */
const SCREEN = /'([^']+)':\s*screen\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
/** The layouts in src/app/route-table.ts: `pub('/p'` public, `screen('/p'` main, `{ path: '/p', … layout: 'x' }`. */
const PUBLIC_HELPER = /\bpub\('([^']+)'/g;
const MAIN_HELPER = /\bscreen\('([^']+)'/g;
const LITERAL = /\{\s*path:\s*'([^']+)'[^}]*?layout:\s*'(main|public)'/g;
/** What the signed-in frame loads before any screen inside it (src/app/router.tsx). */
const MAIN_FRAME = ['src/app/layout/app-shell.tsx', 'src/app/permission-gate.tsx'];

function layouts(routeTable: string): Map<string, 'main' | 'public'> {
  const found = new Map<string, 'main' | 'public'>();
  for (const [, route = ''] of routeTable.matchAll(PUBLIC_HELPER)) found.set(route, 'public');
  for (const [, route = ''] of routeTable.matchAll(MAIN_HELPER)) found.set(route, 'main');
  for (const [, route = '', layout] of routeTable.matchAll(LITERAL))
    found.set(route, layout === 'public' ? 'public' : 'main');
  return found;
}

export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'origem-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const src = (file: string) => path.join(root, 'src', file);
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byModule = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[c.facadeModuleId, c]] : [])));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-preloads: the build has no entry chunk');
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
      };
      // Everything index.html already lists.
      const loaded = new Set<string>();
      closure(entry.fileName, loaded);
      const filesOf = (modules: string[]) => {
        const seen = new Set(loaded);
        const files: string[] = [];
        for (const module of modules) {
          const chunk = byModule.get(module);
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
          const own = new Set<string>();
          closure(chunk.fileName, own);
          for (const file of own) if (!seen.has(file)) files.push(file);
          for (const file of own) seen.add(file);
        }
        return files;
      };
      const routeLayouts = layouts(readFileSync(src('app/route-table.ts'), 'utf8'));
      const mainFrame = MAIN_FRAME.map((file) => path.join(root, file));
      const result: RoutePreloads = {};
      for (const [, route = '', specifier = ''] of readFileSync(src('app/screens.tsx'), 'utf8').matchAll(
        SCREEN,
      )) {
        const layout = routeLayouts.get(route);
        if (!layout) throw new Error(`route-preloads: ${route} is not in src/app/route-table.ts`);
        const base = path.resolve(src('app'), specifier);
        const module = [`${base}.tsx`, `${base}.ts`].find((id) => byModule.has(id)) ?? base;
        result[route] = filesOf(layout === 'main' ? [...mainFrame, module] : [module]);
      }
      if (Object.keys(result).length === 0) throw new Error('route-preloads: no screen found in screens.tsx');
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(result) });
    },
  };
}
