#!/usr/bin/env node
// `npm run test:e2e` after the build (issue 21): the browser tests in E2E_SHARDS processes side by side (default 2),
// each with its own product server, embedded database, SMTP listener and ports, so no spec sees another's records,
// sessions or role changes. One process with one worker left a core idle (16 min alone). Three finish sooner on an
// idle machine (11.4 min against 14.5), but beside CI's other passes they starved them into timeouts.
//
// The spec files are dealt out by their last measured duration (e2e/durations.json, seconds per file; a file not in
// it counts as the median), the longest first to the least loaded process. After a run with
// PLAYWRIGHT_JSON_REPORT set, `node scripts/e2e.mjs --record <report.json>` writes that table again.
//
// Arguments (a spec, --grep…) run one Playwright process as before: `npm run test:e2e -- certificates.spec.ts`.
// PLAYWRIGHT_JSON_REPORT gets one report with every process's tests and totals (.ci/run reads it).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'e2e');
const durationsFile = path.join(e2eDir, 'durations.json');
const config = 'e2e/playwright.config.ts';
const args = process.argv.slice(2);

if (args[0] === '--record') {
  writeFileSync(
    durationsFile,
    `${JSON.stringify(durationsOf(JSON.parse(readFileSync(args[1], 'utf8'))), null, 2)}\n`,
  );
  console.log(`${path.relative(root, durationsFile)} atualizado`);
  process.exit(0);
}

const report = process.env.PLAYWRIGHT_JSON_REPORT;
if (args.length > 0) process.exit(await run(['playwright', 'test', '-c', config, ...args], process.env, ''));

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const groups = deal(
  readdirSync(e2eDir).filter((name) => name.endsWith('.spec.ts')),
  shards,
);
const reports = groups.map((_, i) => (report ? `${report}.${i + 1}` : undefined));
// Playwright reads each file argument as a regular expression over the path: `parties.spec.ts` alone also matched
// `screen-sweep-parties.spec.ts`, which then ran in two processes. Each name is matched whole.
const only = (file) => `(^|/)${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const codes = await Promise.all(
  groups.map((files, i) =>
    run(
      ['playwright', 'test', '-c', config, ...files.map(only)],
      {
        ...process.env,
        // Ports 3210, 2589, 2588 for the first, as a single run uses; 10 apart for each next one.
        E2E_APP_PORT: String(3210 + 10 * i),
        E2E_MAIL_HTTP_PORT: String(2589 + 10 * i),
        E2E_MAIL_SMTP_PORT: String(2588 + 10 * i),
        E2E_OUTPUT_DIR: path.join(e2eDir, 'test-results', `processo-${i + 1}`),
        ...(reports[i] ? { PLAYWRIGHT_JSON_REPORT: reports[i] } : {}),
      },
      shards > 1 ? `[${i + 1}] ` : '',
    ),
  ),
);
if (report) mergeReports(reports, report);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

/** The spec files in `count` groups of about equal measured time. */
function deal(files, count) {
  let known = {};
  try {
    known = JSON.parse(readFileSync(durationsFile, 'utf8'));
  } catch {
    // no table: every file weighs the same
  }
  const measured = Object.values(known).sort((a, b) => a - b);
  const fallback = measured[Math.floor(measured.length / 2)] ?? 1;
  const weight = (file) => known[file] ?? fallback;
  const groups = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  for (const [i, group] of groups.entries())
    console.log(
      `processo ${i + 1}: ${group.files.length} specs, ~${Math.round(group.total / 60)} min medidos`,
    );
  return groups.map((group) => group.files).filter((group) => group.length > 0);
}

/** Runs `npx …args`, its output prefixed line by line; resolves with its exit code. */
function run(command, env, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npx', command, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** One Playwright JSON report of every process: their suites, and totals summed. */
function mergeReports(files, target) {
  const merged = {
    suites: [],
    errors: [],
    stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 },
  };
  for (const file of files) {
    let one;
    try {
      one = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // A process that crashed before reporting: its tests count as one failure.
      merged.stats.unexpected += 1;
      merged.errors.push({ message: `sem relatório: ${file}` });
      continue;
    }
    merged.suites.push(...(one.suites ?? []));
    merged.errors.push(...(one.errors ?? []));
    for (const key of ['expected', 'unexpected', 'flaky', 'skipped'])
      merged.stats[key] += one.stats?.[key] ?? 0;
    merged.stats.duration = Math.max(merged.stats.duration, one.stats?.duration ?? 0);
    rmSync(file, { force: true });
  }
  writeFileSync(target, JSON.stringify(merged));
}

/** Seconds per spec file, from a Playwright JSON report. */
function durationsOf(json) {
  const seconds = {};
  // By the spec file each top-level suite is: a test declared in a shared module (sweep.ts) counts for the spec
  // that runs it, the file the processes are dealt.
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const name = path.basename(file);
        seconds[name] = (seconds[name] ?? 0) + test.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
      }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of json.suites ?? []) walk(suite, suite.file);
  return Object.fromEntries(
    Object.entries(seconds)
      .sort((a, b) => b[1] - a[1])
      .map(([file, s]) => [file, Math.round(s)]),
  );
}
