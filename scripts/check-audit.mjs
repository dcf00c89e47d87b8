#!/usr/bin/env node
// `npm audit --omit=dev --audit-level=high` with an allowlist (issue 24, supply chain): any high or critical
// advisory of a package the product ships fails, unless audit-allowlist.json lists it with a reason and a date until
// which it is accepted. An expired or incomplete entry fails too, so every exception is looked at again.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SEVERE = new Set(['high', 'critical']);

/** The high and critical advisories of an `npm audit --json` report: id (GHSA), package, title. */
export function severeAdvisories(report) {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      // A string names another vulnerable package (a path to the advisory), listed on its own.
      if (typeof via !== 'object' || !SEVERE.has(via.severity)) continue;
      const id = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source);
      found.set(`${id} ${via.name}`, { id, package: via.name, title: via.title, severity: via.severity });
    }
  }
  return [...found.values()];
}

/** Entries without an id, a reason or a valid `until` date (YYYY-MM-DD), and those past their date. */
export function allowlistProblems(allowlist, today = new Date().toISOString().slice(0, 10)) {
  const problems = [];
  for (const entry of allowlist.advisories ?? []) {
    const name = entry.id ?? JSON.stringify(entry);
    if (!entry.id || !entry.package) problems.push(`${name}: falta id ou package`);
    if (!entry.reason || entry.reason.trim().length < 10) problems.push(`${name}: falta o motivo`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.until ?? ''))
      problems.push(`${name}: falta a data (until: AAAA-MM-DD)`);
    else if (entry.until < today) problems.push(`${name}: aceito até ${entry.until}, vencido: revise`);
  }
  return problems;
}

/** The advisories the allowlist does not cover. */
export function unlisted(advisories, allowlist) {
  const allowed = new Set((allowlist.advisories ?? []).map((entry) => `${entry.id} ${entry.package}`));
  return advisories.filter((advisory) => !allowed.has(`${advisory.id} ${advisory.package}`));
}

function runAudit() {
  try {
    return execFileSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // npm audit exits 1 when it finds something: its report is still on stdout.
    return error.stdout ?? '';
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const allowlist = JSON.parse(readFileSync(path.join(root, 'audit-allowlist.json'), 'utf8'));
  const problems = allowlistProblems(allowlist);
  let report;
  try {
    report = JSON.parse(runAudit());
  } catch {
    report = { error: { summary: 'npm audit não devolveu JSON' } };
  }
  if (report.error || report.statusCode) {
    // The advisory service could not be asked (offline, or a registry mirror without the audit endpoint). Failing
    // here would block every build while the registry works; AUDIT_REQUIRED=1 makes it a failure.
    const why = report.error?.summary || report.message || 'sem resposta';
    console.error(`npm audit: o serviço de alertas do registro não respondeu (${why}).`);
    if (process.env.AUDIT_REQUIRED === '1') process.exit(1);
    console.error('npm audit: NÃO VERIFICADO nesta máquina (AUDIT_REQUIRED=1 torna isto uma falha).');
    if (problems.length) for (const problem of problems) console.error(`  audit-allowlist.json: ${problem}`);
    process.exit(problems.length ? 1 : 0);
  }
  const open = unlisted(severeAdvisories(report), allowlist);
  for (const problem of problems) console.error(`audit-allowlist.json: ${problem}`);
  for (const advisory of open)
    console.error(`${advisory.severity}: ${advisory.package} — ${advisory.title} (${advisory.id})`);
  if (problems.length || open.length) process.exit(1);
  console.log('npm audit: nenhum alerta alto ou crítico fora da lista de exceções');
}
