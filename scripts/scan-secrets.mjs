#!/usr/bin/env node
// Secret scan (issue 24): the repository's tracked files and the built web bundle (apps/web/dist) hold no private
// key, cloud or service token, credential in a URL or high-entropy secret assignment, and the demo password only
// where the demo seed and its docs need it. Exceptions live in secret-scan-allowlist.json, each with its reason.
// Usage: node scripts/scan-secrets.mjs [extra files or folders…]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each rule: a name and a pattern; `accept` decides on the `secretGroup` part (a random-looking value, say). */
export const RULES = [
  {
    name: 'chave privada',
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY( BLOCK)?-----/,
  },
  { name: 'chave de acesso AWS', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'token do GitHub', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { name: 'token do npm', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { name: 'token do Slack', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { name: 'chave de API do Google', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'chave secreta Stripe', pattern: /\b[rs]k_live_[0-9A-Za-z]{20,}\b/ },
  { name: 'chave da OpenAI/Anthropic', pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{32,}\b/ },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/ },
  {
    name: 'senha em URL',
    // user:password@host, except the local development databases (127.0.0.1, localhost).
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"`]+:([^\s/:@'"`$]{3,})@(?!127\.0\.0\.1|localhost)[\w.-]+/i,
    secretGroup: 1,
    // A documented shape (usuario:senha@host) is no secret.
    accept: (value) => !/^(senha|password|pass|secret|segredo|x+|\*+)$/i.test(value),
  },
  {
    name: 'segredo de alta entropia atribuído',
    pattern:
      /\b[\w-]*(?:secret|token|passw(?:or)?d|api[_-]?key|private[_-]?key|client[_-]?secret)[\w-]*["']?\s*[:=]\s*["'`]([A-Za-z0-9+/=_\-.]{20,})["'`]/i,
    secretGroup: 1,
    accept: (value) => looksRandom(value),
  },
];

function looksRandom(value) {
  return entropy(value) >= 4 && /[0-9]/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/** Bits per character: random base64 runs above ~4.5, words and identifiers well below. */
export function entropy(text) {
  const counts = new Map();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** The findings of one file's text: rule, line, and the matched text cut short. */
export function scanText(text, { demoPassword }) {
  const findings = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const rule of RULES) {
      const match = rule.pattern.exec(line);
      if (!match) continue;
      if (rule.accept && !rule.accept(match[rule.secretGroup] ?? '')) continue;
      findings.push({ rule: rule.name, line: index + 1, text: match[0].slice(0, 60) });
    }
    if (demoPassword && line.includes(demoPassword))
      findings.push({ rule: 'senha de demonstração', line: index + 1, text: demoPassword });
  });
  return findings;
}

/** Glob-lite: `dir/**` matches below dir, `*` within one path segment. */
export function matches(pattern, file) {
  const regex = pattern
    .split('**')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${regex}$`).test(file);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

function filesToScan(extra) {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const built = [path.join(root, 'apps/web/dist'), ...extra.map((p) => path.resolve(p))]
    .filter((p) => existsSync(p))
    .flatMap((p) => (statSync(p).isDirectory() ? [...walk(p)] : [p]))
    .map((p) => path.relative(root, p).split(path.sep).join('/'));
  return [...new Set([...tracked, ...built])];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const allowlist = JSON.parse(readFileSync(path.join(root, 'secret-scan-allowlist.json'), 'utf8'));
  const demo = allowlist.demoPassword;
  const files = filesToScan(process.argv.slice(2));
  const problems = [];
  let scanned = 0;
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full) || statSync(full).size > 20 * 1024 * 1024) continue;
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary: images, fonts, PDFs, the packed signer
    scanned += 1;
    for (const finding of scanText(bytes.toString('utf8'), { demoPassword: demo.value })) {
      if (finding.rule === 'senha de demonstração' && demo.paths.some((p) => matches(p, file))) continue;
      const allowed = allowlist.findings.some(
        (entry) => entry.rule === finding.rule && matches(entry.path, file),
      );
      if (!allowed) problems.push(`${file}:${finding.line}: ${finding.rule} (${finding.text}…)`);
    }
  }
  for (const entry of allowlist.findings)
    if (!entry.reason) problems.push(`secret-scan-allowlist.json: ${entry.path} sem motivo`);
  if (problems.length) {
    console.error(`segredos: ${problems.length} achado(s) fora da lista de exceções:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`segredos: ok (${scanned} arquivos do repositório e do bundle da web)`);
}
