#!/usr/bin/env node
// Packages the A3 signer program (packages/signer) as one npm tarball the server offers at GET /v1/signer/download:
// the CLI and its XML libraries bundled into one file (no install step, no native code), run with
// `npx --yes <url of the tarball> …`. Writes into the directory given (default: the web build's downloads/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist/downloads'));
const source = JSON.parse(readFileSync(path.join(root, 'packages/signer/package.json'), 'utf8'));
const stage = mkdtempSync(path.join(tmpdir(), 'origem-assinador-pack-'));
try {
  await build({
    entryPoints: [path.join(root, 'packages/signer/src/cli.ts')],
    outfile: path.join(stage, 'cli.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    // xml-crypto is CommonJS: its require() of Node's modules needs a real require in an ES module.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __origemRequire } from 'node:module';\nconst require = __origemRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  writeFileSync(
    path.join(stage, 'package.json'),
    `${JSON.stringify(
      {
        name: 'origem-assinador',
        version: source.version,
        description: source.description,
        type: 'module',
        bin: { 'origem-assinador': 'cli.mjs' },
        files: ['cli.mjs'],
        engines: { node: '>=20.19' },
      },
      null,
      2,
    )}\n`,
  );
  mkdirSync(out, { recursive: true });
  for (const old of readdirSync(out)) if (old.startsWith('origem-assinador-')) rmSync(path.join(out, old));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', out], {
    cwd: stage,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  console.log(`assinador: ${path.join(out, `origem-assinador-${source.version}.tgz`)}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
