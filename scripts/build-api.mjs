#!/usr/bin/env node
// Compiles the API once into apps/api/dist (ADR 009): the server's own TypeScript and the workspace packages it
// imports (@origem/contract, @origem/signer: TypeScript sources) bundled into one ES module (and a chunk for what it
// loads on demand), so a start loads one file instead of compiling ~400 files through tsx. Every npm dependency stays external: it is loaded from
// node_modules as it is, so native and optional code (pg-native, @node-rs/argon2) and PGlite's wasm and data files
// are found where their packages put them. The files the server reads next to its own code are copied beside the
// bundle, where `import.meta.url` of dist/server.js points: the migrations, the bundled NCM table, ALADI's XML
// schemas and the documents' fonts.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const out = path.join(api, 'dist');

/** Bare imports outside the workspace stay imports of node_modules; `@origem/*` sources are compiled in. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@origem/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Packages a start must not load: each costs tens of milliseconds and megabytes, and is needed only by what imports
 * it on demand (signing, documents, spreadsheets, S3). A static import of one, however indirect, fails the build.
 */
const loadedOnDemand = [
  'node-forge',
  'xml-crypto',
  '@xmldom/xmldom',
  'xpath',
  'fontkit',
  'linebreak',
  'uqr',
  'exceljs',
  'jsdom',
  'unzipper',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
];

/** The packages the entry point loads before it runs: its static imports and those of the chunks it imports so. */
function loadedAtStart(metafile, entry) {
  const packages = new Set();
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return packages;
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: [path.join(api, 'src/server.ts')],
  outdir: out,
  // What the server imports only when needed (signing, the S3 driver) becomes a chunk of its own, loaded then
  // rather than at every start. Chunks sit beside server.js, so `import.meta.url` lookups find the same folder.
  splitting: true,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [externalDependencies],
  logLevel: 'warning',
  metafile: true,
});

const atStart = loadedAtStart(metafile, path.relative(process.cwd(), path.join(out, 'server.js')));
const early = loadedOnDemand.filter((name) => atStart.has(name));
if (early.length > 0) {
  console.error(
    `api: dist/server.js loads ${early.join(', ')} at start; import them where they are used (await import).`,
  );
  process.exit(1);
}

// Assets located relative to their module (`new URL('./x', import.meta.url)` / `path.dirname(import.meta.url)`):
// in the bundle every module is dist/server.js, so each folder goes where its module's lookup now lands.
const assets = [
  ['src/db/migrations', 'migrations'], // db/client.ts
  ['src/db/seed/data', 'data'], // db/seed/ncm.ts
  ['src/documents/xml/schemas', 'schemas'], // documents/xml/schemas.ts
  ['src/documents/pdf/fonts', 'fonts'], // documents/pdf/embedded-face.ts
];
for (const [from, to] of assets) {
  mkdirSync(path.dirname(path.join(out, to)), { recursive: true });
  cpSync(path.join(api, from), path.join(out, to), { recursive: true });
}
console.log(`api: apps/api/dist/server.js in ${Date.now() - started} ms`);
