#!/usr/bin/env node
// Fails when the Drizzle schema and the committed migrations drift: generating must produce nothing new.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const migrations = 'apps/api/src/db/migrations';
const status = () =>
  execFileSync('git', ['status', '--porcelain', '--', migrations], { cwd: root, encoding: 'utf8' });

const before = status();
execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/api/drizzle.config.ts'], {
  cwd: root,
  stdio: 'pipe',
});
const after = status();
if (after !== before) {
  console.error(
    'O schema do Drizzle mudou sem migração commitada. Rode `npm run db:generate` e commite o resultado:',
  );
  console.error(after);
  process.exit(1);
}
console.log('migrations: ok (schema and committed migrations agree)');
