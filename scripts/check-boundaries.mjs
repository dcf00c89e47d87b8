#!/usr/bin/env node
// Layer boundaries (ARCHITECTURE.md §Layout): web never imports the api; a web feature never imports another
// feature; API routes never touch SQL; services never see Fastify's request/reply; the contract imports no app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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

const violations = [];
for (const dir of ['apps', 'packages', 'e2e']) {
  for (const file of files(path.join(root, dir))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      for (const rule of rules) {
        if (rule.applies(rel) && rule.forbids(spec, rel))
          violations.push(`${rel}: importa '${spec}' — ${rule.why}`);
      }
    }
  }
}

if (violations.length > 0) {
  console.error(`Fronteiras violadas (${violations.length}):\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('boundaries: ok');
