import type { Plugin } from 'vite';

/**
 * Trims the lists of files each lazy import preloads (Vite's `__vite__mapDeps`) to what may still be missing: a
 * chunk's code only runs once every chunk it imports statically is loaded, so those need no preload from it. The
 * route table in the first screen's entry chunk carried, for each of its ~100 screens, the entry's own chunks (React,
 * antd's core, the router): 0.8 KB gzip of /login's JavaScript for nothing (issue 39). Runtime behaviour is the same:
 * Vite's preload helper skipped those files anyway, as already on the page.
 */
export function preloadDeps(): Plugin {
  /** chunk file → the chunk files it imports statically, transitively (itself included). */
  const loadedWith = new Map<string, Set<string>>();
  return {
    name: 'origem:preload-deps',
    apply: 'build',
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies: (_file, deps, { hostId }) => {
              const loaded = loadedWith.get(hostId);
              return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
            },
          },
        },
      };
    },
    // Runs before Vite's own generateBundle (a post plugin), which writes the lists.
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') imports.set(item.fileName, item.imports);
      const closure = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const imported of imports.get(file) ?? []) closure(imported, seen);
      };
      for (const file of imports.keys()) {
        const seen = new Set<string>();
        closure(file, seen);
        loadedWith.set(file, seen);
      }
    },
  };
}
