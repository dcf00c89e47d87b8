#!/usr/bin/env node
// Layer boundaries (ARCHITECTURE.md §Layout): web never imports the api; a web feature never imports another
// feature; API routes never touch SQL; services never see Fastify's request/reply; the contract imports no app;
// and no module imports itself through others (issue 35: import circles hide which layer is below which).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatCycle, importCycles, workspaceAliases } from './import-cycles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

const rules = [
  {
    applies: (f) => f.startsWith('apps/web/'),
    forbids: (spec) => spec.includes('apps/api') || spec.startsWith('@origem/api'),
    why: 'a web não importa a API (use packages/contract)',
  },
  {
    applies: (f) => /^apps\/web\/src\/features\/[^/]+\//.test(f),
    forbids: (spec, f) => {
      const own = f.split('/')[4];
      const m = /features\/([^/]+)/.exec(spec);
      return Boolean(m && m[1] !== own);
    },
    why: 'uma feature não importa outra (extraia a peça para ui/ ou lib/)',
  },
  {
    applies: (f) => /^apps\/api\/src\/modules\/[^/]+\/([\w-]+[.-])?routes\.ts$/.test(f),
    forbids: (spec) =>
      spec === 'drizzle-orm' ||
      spec.includes('/db/schema') ||
      spec.endsWith('/queries') ||
      spec.startsWith('drizzle-orm/'),
    why: 'rotas não tocam SQL (chame o service)',
  },
  {
    applies: (f) => /^apps\/api\/src\/modules\/[^/]+\/([\w-]+[.-])?(service|queries)\.ts$/.test(f),
    forbids: (spec) => spec === 'fastify' || spec.startsWith('@fastify/'),
    why: 'services e queries não conhecem request/reply',
  },
  {
    applies: (f) => f.startsWith('packages/contract/'),
    forbids: (spec) =>
      spec.includes('apps/') || spec.startsWith('@origem/api') || spec.startsWith('@origem/web'),
    why: 'o contrato não importa aplicações',
  },
];

/** The TypeScript sources under `dirs` of `base`, by path relative to it (with `/`). */
function sources(base, dirs) {
  const found = new Map();
  for (const dir of dirs) {
    for (const file of files(path.join(base, dir))) {
      found.set(path.relative(base, file).split(path.sep).join('/'), readFileSync(file, 'utf8'));
    }
  }
  return found;
}

// The circle detector must find the deliberate circles of its fixture, and only those, or "no circle" below would
// prove nothing.
const FIXTURE = 'scripts/fixtures/import-cycle';
const expected = [
  `${FIXTURE}/a.ts → ${FIXTURE}/b.ts ⇢ ${FIXTURE}/c/index.ts → ${FIXTURE}/a.ts`,
  `${FIXTURE}/a.ts ↝ ${FIXTURE}/d.tsx → ${FIXTURE}/a.ts`,
].join('\n  ');
const found = importCycles(sources(root, [FIXTURE]))
  .map(formatCycle)
  .join('\n  ');
if (found !== expected) {
  console.error(`O detector de ciclos errou na fixture ${FIXTURE}: devia achar só\n  ${expected}`);
  console.error(`e achou\n  ${found || '(nenhum)'}`);
  process.exit(1);
}

const code = sources(root, ['apps', 'packages', 'e2e']);
const violations = [];
for (const [rel, text] of code) {
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    for (const rule of rules) {
      if (rule.applies(rel) && rule.forbids(spec, rel))
        violations.push(`${rel}: importa '${spec}' — ${rule.why}`);
    }
  }
}
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const cycles = importCycles(code, workspaceAliases(root, workspaces)).map(formatCycle);

if (violations.length > 0)
  console.error(`Fronteiras violadas (${violations.length}):\n${violations.join('\n')}`);
if (cycles.length > 0) {
  console.error(
    `Ciclos de importação (${cycles.length}; ⇢ importa só tipos, ↝ é um import() dinâmico). ` +
      'Extraia a peça comum para um módulo que ambos importem, ou inverta a dependência:\n' +
      cycles.map((cycle) => `  ${cycle}`).join('\n'),
  );
}
if (violations.length > 0 || cycles.length > 0) process.exit(1);
console.log('boundaries: ok (layers; no import circles)');
