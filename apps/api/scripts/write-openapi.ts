// Writes the OpenAPI document to apps/api/openapi.json; with --check, fails when the committed one differs,
// so an accidental contract change breaks the build instead of a client.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');
const handle = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
  db: handle.db,
  logger: false,
});
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await handle.close();

if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== document) {
    console.error(
      'apps/api/openapi.json está desatualizado. Rode `npm run openapi:write` e commite o resultado.',
    );
    process.exit(1);
  }
  console.log('openapi: ok (snapshot matches the routes)');
} else {
  writeFileSync(target, document);
  console.log(`openapi: wrote ${path.relative(process.cwd(), target)}`);
}
