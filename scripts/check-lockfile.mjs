#!/usr/bin/env node
// The lockfile installs only what the npm registry published, byte for byte (issue 24, supply chain): every package
// has an integrity hash; a resolved address, when written, is the registry's; nothing comes from git, a tarball URL
// or a local path outside the workspaces. `npm ci` then refuses any download whose hash differs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const REGISTRY = 'https://registry.npmjs.org/';
const root = path.resolve(import.meta.dirname, '..');

/** The problems of one lockfile (lockfileVersion 3), as readable lines; none when it is sound. */
export function lockfileProblems(lock) {
  const problems = [];
  if (lock.lockfileVersion !== 3)
    problems.push(`lockfileVersion ${lock.lockfileVersion}: esperado 3 (npm 9+)`);
  const workspaces = new Set(
    Object.keys(lock.packages ?? {}).filter((key) => key && !key.includes('node_modules/')),
  );
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (key === '' || workspaces.has(key)) continue;
    if (entry.link) {
      // A workspace symlinked into node_modules: the target must be one of this repository's workspaces.
      if (!workspaces.has(entry.resolved))
        problems.push(`${key}: link para ${entry.resolved}, fora dos workspaces`);
      continue;
    }
    const resolved = entry.resolved;
    if (resolved !== undefined && !resolved.startsWith(REGISTRY))
      problems.push(`${key}: baixado de ${resolved}, fora do registro do npm`);
    if (!entry.integrity) problems.push(`${key}: sem hash de integridade`);
    else if (!/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(entry.integrity))
      problems.push(`${key}: integridade ${entry.integrity.slice(0, 20)}… não é sha512`);
    if (typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+/.test(entry.version))
      problems.push(`${key}: versão ${entry.version} não é de registro (git, tarball ou caminho)`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const problems = lockfileProblems(lock);
  if (problems.length) {
    console.error(`package-lock.json: ${problems.length} problema(s):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `lockfile: ok (${Object.keys(lock.packages).length - 1} entradas, todas do registro com integridade)`,
  );
}
