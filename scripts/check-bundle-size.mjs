#!/usr/bin/env node
// Bundle budget (issue 10, "a light first screen"): sums the JavaScript the browser loads to show /login — the
// entry chunk, the login screen's chunk and every chunk they import — and checks every chunk, both gzipped, from
// the manifest Vite writes (`build.manifest`). Usage: node scripts/check-bundle-size.mjs [dist dir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// 200 KB. Issues 24 and 25 took it past (their screens' entries in the route table every first screen carries, with
// their preload lists) and the budget was 205 KB for a while; issue 39 brought it back under: the preload lists no
// longer repeat the entry's own chunks (apps/web/preload-deps.ts), and no chunk reads a token through antd's `theme`.
const LOGIN_BUDGET = 200 * 1024;
const CHUNK_BUDGET = 400 * 1024;
// antd's component styles as one static stylesheet (issue 21, apps/web/antd-static-styles.ts): 94.5 KB gzip.
const LOGIN_CSS_BUDGET = 100 * 1024;
/** The module of the first screen (screens.tsx loads it when /login opens). */
const LOGIN_SCREEN = 'src/features/auth/login-page.tsx';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function size(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

/** The JavaScript files a manifest entry loads at once: its own and its static imports', transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} não está no manifesto de ${dist}`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const login = new Set([...closure(entry), ...closure(LOGIN_SCREEN)]);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const loginTotal = [...login].reduce((sum, file) => sum + size(file), 0);
/** The stylesheets the first screen's chunks bring (the manifest's `css` of each). */
const loginCss = new Set(
  Object.values(manifest)
    .filter((chunk) => login.has(chunk.file))
    .flatMap((chunk) => chunk.css ?? []),
);
const loginCssTotal = [...loginCss].reduce((sum, file) => sum + size(file), 0);

const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) =>
  f.endsWith('.js'),
);
const all = chunks.map((file) => ({ file, gzip: size(file) })).sort((a, b) => b.gzip - a.gzip);
const total = all.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log(`/login carrega ${login.size} arquivos JS: ${kb(loginTotal)} gzip (limite ${kb(LOGIN_BUDGET)})`);
for (const file of [...login].sort((a, b) => size(b) - size(a)))
  console.log(`  ${kb(size(file)).padStart(9)}  ${file}`);
console.log(
  `/login carrega ${loginCss.size} arquivo(s) CSS: ${kb(loginCssTotal)} gzip (limite ${kb(LOGIN_CSS_BUDGET)})`,
);
console.log(`${all.length} arquivos JS no total, ${kb(total)} gzip; os maiores:`);
for (const chunk of all.slice(0, 5)) console.log(`  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);

const failures = [];
if (loginTotal > LOGIN_BUDGET)
  failures.push(`/login carrega ${kb(loginTotal)} gzip, acima de ${kb(LOGIN_BUDGET)}`);
if (loginCssTotal > LOGIN_CSS_BUDGET)
  failures.push(`/login carrega ${kb(loginCssTotal)} de CSS gzip, acima de ${kb(LOGIN_CSS_BUDGET)}`);
for (const chunk of all.filter((c) => c.gzip > CHUNK_BUDGET))
  failures.push(`${chunk.file} tem ${kb(chunk.gzip)} gzip, acima de ${kb(CHUNK_BUDGET)}`);
for (const failure of failures) console.error(`!!! ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
