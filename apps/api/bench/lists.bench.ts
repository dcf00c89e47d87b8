// npm run bench: every list endpoint with its main filters, at the scale of `npm run seed:scale`, through the whole
// stack (auth, permission, scoping, zod serialisation) next to the very SQL that request ran, replayed raw through
// `pg` by a bare node:http endpoint. autocannon loads each from a separate process; the table shows p50/p99, req/s
// and the ratio raw ÷ stack (goal: p50 ≤ 10 ms, p99 ≤ 50 ms, ratio ≤ 1.5).
//   DATABASE_URL       default postgres://postgres@127.0.0.1:5432/origem_scale (filled by npm run seed:scale)
//   BENCH_SECONDS      per measurement, default 3
//   BENCH_CONNECTIONS  concurrent connections, default 2 (the machine has 2 cores for server, database and load)
//   BENCH_ONLY         run only the cases whose name contains this text
//   BENCH_EXPLAIN=1    print each case's statements with EXPLAIN ANALYZE instead of loading them
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { demoSignIn } from '../src/test/demo-sign-in';

const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const ONLY = process.env.BENCH_ONLY;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/origem_scale';

const pool = new pg.Pool({ connectionString: url, max: 10 });
const scale = await pool.query<{ exporters: number; users: number; audits: number; companies: number }>(
  `select (select count(*)::int from exporters) exporters, (select count(*)::int from users) users,
          (select count(*)::int from companies) companies, (select count(*)::int from audits) audits`,
);
const sizes = scale.rows[0];
if (!sizes || sizes.exporters < 1000) {
  console.error(`${url} não tem dados em escala: rode antes \`npm run seed:scale\`.`);
  process.exit(1);
}

/** The statements one request runs, captured from drizzle's logger while that request (alone) is served. */
type Statement = { text: string; params: unknown[] };
let capturing: Statement[] | null = null;
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (text, params) => capturing?.push({ text, params }) },
}) as unknown as Database;

// A scale database seeded by an older checkout gets this one's migrations (new indexes) before it is measured.
await (await openDatabase({ databaseUrl: url })).close();

const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-bench-'));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_PER_MINUTE: '10000000',
});
const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as AddressInfo).port;

/** Staff answer the second factor with the demo authenticator (src/test/demo-sign-in.ts). */
function tokenOf(role: string): Promise<string> {
  return demoSignIn(async (payload) => {
    const answer = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload });
    return { status: answer.statusCode, body: answer.json() };
  }, `${role}@origem.local`);
}
const roles = ['admin', 'analista', 'associacao', 'exportador', 'federacao'] as const;
type Role = (typeof roles)[number];
const tokens = Object.fromEntries(
  await Promise.all(roles.map(async (role) => [role, await tokenOf(role)] as const)),
) as Record<Role, string>;

const one = async <T>(text: string): Promise<T> => (await pool.query(text)).rows[0] as T;
const exporterRole = await one<{ id: number }>(`select id from roles where name = 'exportador'`);
const busyUser = await one<{ id: number }>(
  `select user_id as id from audits where user_id is not null group by user_id order by count(*) desc limit 1`,
);

// An anchor for the keyset pages: the last row of page 399 of the users and audit lists.
const userAnchor = await one<{ id: number }>(
  `select id from users where deleted_at is null order by name collate "und-x-icu", id offset ${399 * 15 - 1} limit 1`,
);
const auditAnchor = await one<{ id: number }>(
  `select id from audits order by created_at desc, id desc offset ${399 * 15 - 1} limit 1`,
);
// Issue 12: the declarations' keyset anchor, a busy day, and the demo exporter whose citable declarations are read.
const declarationAnchor = await one<{ id: number }>(
  `select id from declarations order by id desc offset ${399 * 15 - 1} limit 1`,
);
const declarationDay = await one<{ day: string }>(
  `select to_char((created_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day
     from declarations order by id desc offset 5000 limit 1`,
);
const demoExporter = await one<{ id: number }>(
  `select id from exporters where name = 'Café Santista Exportadora Ltda.'`,
);
// Issue 13: the deal, importer and intervenor of a certificate, for the filters.
const certificateRefs = await one<{ deal_id: number; importer_id: number; intervenor_id: number }>(
  `select deal_id, company_importer_id as importer_id, company_intervenor_id as intervenor_id
     from certificates where company_intervenor_id is not null order by id desc limit 1`,
);

// Issue 15: the busiest month of issues, and the demo association and federation, for the reports and dashboard.
const busyMonth = await one<{ start: string; end: string }>(
  `select to_char(m, 'YYYY-MM-DD') as start, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as end
     from (select date_trunc('month', issued_at at time zone 'America/Sao_Paulo') as m, count(*) as n
             from certificates where issued_at is not null group by 1 order by 2 desc limit 1) x`,
);
const demoHierarchy = await one<{ association: number; federation: number }>(
  `select a.id as association, a.federation_id as federation from trade_associations a
     join users u on u.trade_association_id = a.id where u.email = 'associacao@origem.local'`,
);
const month = `start_date=${busyMonth.start}&end_date=${busyMonth.end}`;

/** A GET unless `body` is given: then a POST of that JSON (the federation's report takes its settings as a body). */
type Case = { name: string; url: string; role: Role; body?: Record<string, unknown> };
const allCases: Case[] = [
  { name: 'users', url: '/v1/user?page=1', role: 'admin' },
  { name: 'users, association scope', url: '/v1/user?page=1', role: 'associacao' },
  { name: 'users, name contains', url: '/v1/user/search?name=silva', role: 'admin' },
  { name: 'users, e-mail contains', url: '/v1/user/search?email=exp1234', role: 'admin' },
  { name: 'users, role', url: `/v1/user/search?role_id=${exporterRole.id}`, role: 'admin' },
  { name: 'users, page 400 (offset)', url: '/v1/user?page=400', role: 'admin' },
  { name: 'users, page 400 (keyset)', url: `/v1/user?page=400&after=${userAnchor.id}`, role: 'admin' },
  { name: 'users, type-ahead', url: '/v1/user/search?name=mar&per_page=20&count=false', role: 'admin' },
  { name: 'exporters', url: '/v1/exporter?page=1', role: 'admin' },
  { name: 'exporters, association scope', url: '/v1/exporter?page=1', role: 'analista' },
  { name: 'exporters, federation scope', url: '/v1/exporter?page=1', role: 'federacao' },
  { name: 'exporters, name contains', url: '/v1/exporter?name=caf%C3%A9%20santista', role: 'admin' },
  { name: 'exporters, CNPJ contains', url: '/v1/exporter?cnpj=90000000123', role: 'admin' },
  { name: 'exporters, type-ahead', url: '/v1/exporter?name=cer&per_page=20&count=false', role: 'analista' },
  { name: 'exporters, with_trashed', url: '/v1/exporter/with_trashed?page=1', role: 'admin' },
  { name: 'dispatchers', url: '/v1/dispatcher?page=1', role: 'admin' },
  { name: 'dispatchers, name contains', url: '/v1/dispatcher?name=despachos%20aurora', role: 'admin' },
  { name: 'companies', url: '/v2/company?page=1', role: 'admin' },
  { name: 'companies, exporter’s book', url: '/v2/company?page=1', role: 'exportador' },
  { name: 'companies, association scope', url: '/v2/company?page=1', role: 'analista' },
  { name: 'companies, name contains', url: '/v2/company?corporate_name=trading%20aurora', role: 'admin' },
  { name: 'companies, type + city', url: '/v2/company?company_type_id=3&city=santos', role: 'admin' },
  { name: 'companies, by city', url: '/v2/company?order=city', role: 'admin' },
  {
    name: 'manufacturers, type-ahead',
    url: '/v2/company?company_type_id=2&corporate_name=caf&per_page=20&count=false',
    role: 'admin',
  },
  { name: 'legal representatives', url: '/v1/legal_representative?page=1', role: 'admin' },
  { name: 'legal representatives, association', url: '/v1/legal_representative?page=1', role: 'analista' },
  { name: 'legal representatives, name', url: '/v1/legal_representative?name=souza', role: 'admin' },
  { name: 'pre-registrations', url: '/v1/pre_registration?page=1', role: 'admin' },
  { name: 'pre-registrations, status', url: '/v1/pre_registration?status=ENVIADO', role: 'admin' },
  { name: 'pre-registrations, CPF prefix', url: '/v1/pre_registration?cpf=600000012', role: 'admin' },
  { name: 'pre-registrations, association', url: '/v1/pre_registration?page=1', role: 'associacao' },
  { name: 'pre-registrations, by name', url: '/v1/pre_registration?order=name', role: 'admin' },
  { name: 'audit', url: '/v1/audit?page=1', role: 'admin' },
  { name: 'audit, association scope', url: '/v1/audit?page=1', role: 'associacao' },
  { name: 'audit, federation scope', url: '/v1/audit?page=1', role: 'federacao' },
  { name: 'audit, event', url: '/v1/audit?event=login', role: 'admin' },
  { name: 'audit, type', url: '/v1/audit?auditable_type=company', role: 'admin' },
  { name: 'audit, type + record', url: '/v1/audit?auditable_type=user&auditable_id=1234', role: 'admin' },
  { name: 'audit, user', url: `/v1/audit?user_id=${busyUser.id}`, role: 'admin' },
  { name: 'audit, IP prefix', url: '/v1/audit?ip_address=10.3.1', role: 'admin' },
  { name: 'audit, one day', url: '/v1/audit?start_date=2025-06-10&end_date=2025-06-10', role: 'admin' },
  { name: 'audit, page 400 (offset)', url: '/v1/audit?page=400', role: 'admin' },
  { name: 'audit, page 400 (keyset)', url: `/v1/audit?page=400&after=${auditAnchor.id}`, role: 'admin' },
  { name: 'audit users, type-ahead', url: '/v1/audit/user?search=silva', role: 'admin' },
  { name: 'audit users, type-ahead (scope)', url: '/v1/audit/user?search=silva', role: 'associacao' },
  { name: 'audit addresses, type-ahead', url: '/v1/audit/ip_address?search=10.1', role: 'admin' },
  {
    name: 'audit addresses, type-ahead (scope)',
    url: '/v1/audit/ip_address?search=10.1',
    role: 'associacao',
  },
  { name: 'declarations', url: '/v2/declaration?page=1', role: 'admin' },
  { name: 'declarations, association scope', url: '/v2/declaration?page=1', role: 'analista' },
  { name: 'declarations, federation scope', url: '/v2/declaration?page=1', role: 'federacao' },
  { name: 'declarations, exporter’s own', url: '/v2/declaration?page=1', role: 'exportador' },
  { name: 'declarations, status', url: '/v2/declaration?declaration_flow_id=ENVIADA', role: 'admin' },
  {
    name: 'declarations, status (association)',
    url: '/v2/declaration?declaration_flow_id=ENVIADA',
    role: 'analista',
  },
  { name: 'declarations, exporter', url: `/v2/declaration?exporter_id=${demoExporter.id}`, role: 'admin' },
  { name: 'declarations, NCM prefix', url: '/v2/declaration?ncm=6907', role: 'admin' },
  {
    name: 'declarations, product names',
    url: '/v2/declaration?product_names_list=porcelanato,pastilha',
    role: 'admin',
  },
  { name: 'declarations, internal code', url: '/v2/declaration?internal_product_code=P00123', role: 'admin' },
  {
    name: 'declarations, one day',
    url: `/v2/declaration?start_date=${declarationDay.day}&end_date=${declarationDay.day}`,
    role: 'admin',
  },
  { name: 'declarations, page 400 (offset)', url: '/v2/declaration?page=400', role: 'admin' },
  {
    name: 'declarations, page 400 (keyset)',
    url: `/v2/declaration?page=400&after=${declarationAnchor.id}`,
    role: 'admin',
  },
  { name: 'certificates', url: '/v1/certificate?page=1', role: 'admin' },
  { name: 'certificates, association scope', url: '/v1/certificate?page=1', role: 'analista' },
  { name: 'certificates, exporter’s own', url: '/v1/certificate?page=1', role: 'exportador' },
  { name: 'certificates, status', url: '/v1/certificate?certificate_flow_id=EM_ANALISE', role: 'analista' },
  { name: 'certificates, exporter', url: `/v1/certificate?exporter_id=${demoExporter.id}`, role: 'admin' },
  // "Starts with": a common prefix (10 000 invoices, all from one fortnight) and one whole number.
  { name: 'certificates, invoice number', url: '/v1/certificate?invoice_number=INV-0012', role: 'admin' },
  { name: 'certificates, one invoice', url: '/v1/certificate?invoice_number=inv-00123456', role: 'admin' },
  { name: 'certificates, deal', url: `/v1/certificate?deal_id=${certificateRefs.deal_id}`, role: 'admin' },
  {
    name: 'certificates, importer',
    url: `/v1/certificate?importer_id=${certificateRefs.importer_id}`,
    role: 'admin',
  },
  {
    name: 'certificates, intervenor',
    url: `/v1/certificate?intervenor_id=${certificateRefs.intervenor_id}`,
    role: 'admin',
  },
  {
    name: 'certificates, one day',
    url: `/v1/certificate?start_date=${declarationDay.day}&end_date=${declarationDay.day}`,
    role: 'admin',
  },
  {
    name: 'certificates, all approved (type-ahead)',
    url: '/v1/certificate/all_approved?q=BRSCL',
    role: 'admin',
  },
  { name: 'citable declarations', url: `/v1/declaration/certificate/${demoExporter.id}`, role: 'exportador' },
  {
    name: 'citable declarations, type-ahead',
    url: `/v1/declaration/certificate/${demoExporter.id}?product_name=caf`,
    role: 'exportador',
  },
  {
    name: 'citable declarations, NCM (analyst)',
    url: `/v1/declaration/certificate/${demoExporter.id}?ncm=69`,
    role: 'analista',
  },
  { name: 'dashboard total', url: '/v1/dashboard/total', role: 'admin' },
  { name: 'dashboard total, association', url: '/v1/dashboard/total', role: 'analista' },
  { name: 'dashboard total, federation', url: '/v1/dashboard/total', role: 'federacao' },
  { name: 'dashboard total, exporter', url: '/v1/dashboard/total', role: 'exportador' },
  { name: 'dashboard certificates to analyse', url: '/v1/dashboard/certificate/analyse', role: 'analista' },
  { name: 'dashboard certificates updated', url: '/v1/dashboard/certificate/update', role: 'admin' },
  { name: 'dashboard declarations to analyse', url: '/v1/dashboard/declaration/analyse', role: 'analista' },
  { name: 'dashboard declarations updated', url: '/v1/dashboard/declaration/update', role: 'admin' },
  { name: 'dashboard recent activity', url: '/v1/dashboard/recent_activity', role: 'associacao' },
  { name: 'report federations, month', url: `/v1/report/federation?${month}`, role: 'admin' },
  { name: 'report associations, month', url: `/v1/report/trade_association?${month}`, role: 'federacao' },
  { name: 'report exporters, month', url: `/v1/report/exporter?${month}`, role: 'analista' },
  { name: 'report pre-receipts, month', url: `/v1/report/prereceipt?${month}`, role: 'admin' },
  ...(['csv', 'xlsx', 'pdf'] as const).map((type) => ({
    name: `report association invoice ${type}, month`,
    url: `/v1/report/trade_association/invoice?ca_id=${demoHierarchy.association}&${month}&type=${type}`,
    role: 'associacao' as const,
  })),
  {
    name: 'report exporter invoice pdf, month',
    url: `/v1/report/exporter/invoice?${month}&type=pdf`,
    role: 'exportador',
  },
  {
    name: 'report federation invoice pdf, month',
    url: '/v1/report/federation/invoice',
    role: 'admin',
    body: { id: demoHierarchy.federation, start_date: busyMonth.start, end_date: busyMonth.end, type: 'pdf' },
  },
  { name: 'declaration links', url: '/v2/declaration_link?page=1', role: 'admin' },
  { name: 'declaration links, exporter', url: '/v2/declaration_link?page=1', role: 'exportador' },
];
const cases = allCases.filter((c) => !ONLY || c.name.includes(ONLY));

/** The list's own statements: what the request ran, minus the bearer-token lookup every request makes. */
async function captureStatements(
  c: Case,
): Promise<{ statements: Statement[]; status: number; total: string }> {
  capturing = [];
  const res = await app.inject({
    method: c.body ? 'POST' : 'GET',
    url: c.url,
    headers: { authorization: `Bearer ${tokens[c.role]}` },
    ...(c.body ? { payload: c.body } : {}),
  });
  const statements = capturing.filter((s) => !s.text.includes('access_tokens'));
  capturing = null;
  // Report files (CSV, XLSX, PDF) are measured too: their "total" is their size.
  if (!String(res.headers['content-type'] ?? '').includes('json')) {
    return { statements, status: res.statusCode, total: `${Math.round(res.rawPayload.length / 1024)} KB` };
  }
  const body = res.json<{ total?: number; total_capped?: boolean; data?: unknown[] }>();
  const total =
    body.total === undefined
      ? String(body.data?.length ?? '')
      : `${body.total.toLocaleString('pt-BR')}${body.total_capped ? '+' : ''}`;
  return { statements, status: res.statusCode, total };
}

// The raw side: `/<n>` replays case n's statements through the same pool and sends the first one's rows as JSON.
const replay: Statement[][] = [];
const bare = createServer(async (req, res) => {
  const statements = replay[Number(req.url?.slice(1))] ?? [];
  let first: unknown[] | null = null;
  for (const s of statements) {
    const result = await pool.query(s.text, s.params);
    first ??= result.rows;
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ data: first }));
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as AddressInfo).port;

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
};
async function load(target: string, headers: string[] = [], body?: unknown): Promise<Result> {
  // A 60 s timeout: a large report takes seconds, and autocannon's default (10 s) would count it as an error.
  const args = ['autocannon', '-j', '-t', '60', '-d', String(DURATION), '-c', String(CONNECTIONS)];
  for (const h of headers) args.push('-H', h);
  if (body) args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body));
  const { stdout } = await promisify(execFile)('npx', [...args, target], {
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

const fmt = (n: number) => n.toLocaleString('pt-BR');
console.log(
  `bench: ${fmt(sizes.users)} usuários, ${fmt(sizes.exporters)} exportadores, ${fmt(sizes.companies)} empresas, ` +
    `${fmt(sizes.audits)} linhas de auditoria; ${DURATION}s por medida, ${CONNECTIONS} conexões, PostgreSQL`,
);
const header = `${'caso'.padEnd(38)} ${'perfil'.padEnd(10)} ${'total'.padStart(8)} sql │ pilha p50  p99  req/s │ sql cru p50  p99  req/s │ razão`;
console.log(header);
console.log('─'.repeat(header.length));
let worst = { p50: 0, p99: 0, ratio: 0 };
for (const c of cases) {
  const { statements, status, total } = await captureStatements(c);
  if (status !== 200) {
    console.log(`${c.name.padEnd(38)} ${c.role.padEnd(10)} HTTP ${status}`);
    continue;
  }
  if (EXPLAIN) {
    console.log(`\n### ${c.name} (${c.role}) ${c.url}`);
    for (const s of statements) {
      const plan = await pool.query(`explain (analyze, buffers) ${s.text}`, s.params);
      console.log(`${s.text}\n${JSON.stringify(s.params)}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    continue;
  }
  replay.push(statements);
  const stack = await load(
    `http://127.0.0.1:${appPort}${c.url}`,
    [`authorization=Bearer ${tokens[c.role]}`],
    c.body,
  );
  const raw = await load(`http://127.0.0.1:${barePort}/${replay.length - 1}`);
  const ratio = raw.requests.average / Math.max(stack.requests.average, 1);
  worst = {
    p50: Math.max(worst.p50, stack.latency.p50),
    p99: Math.max(worst.p99, stack.latency.p99),
    ratio: Math.max(worst.ratio, ratio),
  };
  const failures = stack.non2xx + stack.errors + raw.non2xx + raw.errors;
  console.log(
    `${c.name.padEnd(38)} ${c.role.padEnd(10)} ${total.padStart(8)} ${String(statements.length).padStart(3)} │ ` +
      `${String(stack.latency.p50).padStart(9)} ${String(stack.latency.p99).padStart(4)} ${stack.requests.average.toFixed(0).padStart(6)} │ ` +
      `${String(raw.latency.p50).padStart(11)} ${String(raw.latency.p99).padStart(4)} ${raw.requests.average.toFixed(0).padStart(6)} │ ` +
      `${ratio.toFixed(2).padStart(5)}${failures ? `  (${failures} falhas)` : ''}`,
  );
}
console.log(
  `pior caso: p50 ${worst.p50} ms (meta ≤ 10), p99 ${worst.p99} ms (meta ≤ 50), razão ${worst.ratio.toFixed(2)} (meta ≤ 1,5)`,
);

await app.close();
bare.close();
await pool.end();
rmSync(dataDir, { recursive: true, force: true });
