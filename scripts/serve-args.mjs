import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The node arguments `npm run serve` starts the compiled server with, read from package.json's own script: the
 * benches and harnesses that measure the compiled server run it exactly as production does (its V8 flags too).
 */
export function serveArgs(root) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.serve.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve não começa por node: ${scripts.serve}`);
  return args;
}
