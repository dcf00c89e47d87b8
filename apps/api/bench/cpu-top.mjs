#!/usr/bin/env node
// The top self-time functions of a V8 CPU profile (`node --cpu-prof`; `BENCH_PROF` of the reports bench):
//   node apps/api/bench/cpu-top.mjs <file.cpuprofile> [how many, default 30]
import { readFileSync } from 'node:fs';

const [file, many = '30'] = process.argv.slice(2);
if (!file) {
  console.error('uso: node apps/api/bench/cpu-top.mjs <arquivo.cpuprofile> [quantas]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const gaps = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (gaps[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url
    ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${f.lineNumber + 1}`
    : '';
  const key = `${f.functionName || '(anônima)'} ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
console.log(`total ${(total / 1000).toFixed(0)} ms`);
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(many)))
  console.log(
    `${(us / 1000).toFixed(1).padStart(9)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`,
  );
