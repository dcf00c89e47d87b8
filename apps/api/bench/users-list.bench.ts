// npm run bench: GET /v1/user?page=1 through the whole stack (auth, permission, scoping, zod serialisation) next
// to a bare node:http endpoint running the same page query on the same database, loaded by autocannon from a
// separate process. Prints both and the ratio. DATABASE_URL selects PostgreSQL; otherwise PGlite on disk.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
if (config.databaseUrl)
  await handle.db.execute(
    sql`truncate users, audits, access_tokens, login_failures, password_resets, mail_outbox, trade_associations, federations, confederations, role_permissions, roles, permissions restart identity cascade`,
  );
await seedDatabase(handle.db, { ...config, seed: 'demo' }, { ncm: false });
// 2,000 companies in the demo exporter's book and 1,000 exporters: the party lists page, scope and sort real tables.
await handle.db.execute(sql`
  insert into companies (company_type_id, exporter_id, trade_association_id, corporate_name, foreign_tax_id, country_id, city)
  select 1 + g % 3, 1, 1, 'Empresa ' || lpad(g::text, 4, '0') || ' S.A.', 'ID-' || g, (select id from countries where code = 'AR'), 'Buenos Aires'
    from generate_series(1, 2000) g`);
await handle.db.execute(sql`
  insert into exporters (person_type_id, cpf, name, trade_association_id)
  select 1, lpad(g::text, 11, '0'), 'Exportador ' || lpad(g::text, 4, '0'), 1 from generate_series(1, 1000) g`);
// 500 more users so the page query counts and sorts a realistic table.
await handle.db.execute(sql`
  insert into users (name, email, role_id, trade_association_id, federation_id, confederation_id, change_password)
  select 'Usuário ' || lpad(g::text, 4, '0'), 'u' || g || '@bench.local', 2, 1, 1, 1, false from generate_series(1, 500) g`);

const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as AddressInfo).port;
const login = await app.inject({
  method: 'POST',
  url: '/v1/oauth/token',
  payload: { grant_type: 'password', client_id: '2', username: 'admin@origem.local', password: 'origem123' },
});
const token = login.json<{ access_token: string }>().access_token;
async function tokenOf(username: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    payload: { grant_type: 'password', client_id: '2', username, password: 'origem123' },
  });
  return answer.json<{ access_token: string }>().access_token;
}

// The same page the service runs: users joined to role and hierarchy, human name order, 15 rows, the total
// computed by a window function in the same query.
const bare = createServer(async (_req, res) => {
  const rows = await queryRows<{ total: number }>(
    handle.db,
    sql`
    select u.id, u.name, u.email, u.cpf, u.cnpj, u.phone, u.active, u.change_password, u.role_id,
           u.trade_association_id, u.federation_id, u.confederation_id, u.created_at, u.updated_at,
           r.name as role_name, r.display_name, r.type, ta.name as association_name, f.name as federation_name,
           c.name as confederation_name, u.exporter_id, e.name as exporter_name, u.dispatcher_id,
           d.name as dispatcher_name, (count(*) over ())::int as total
      from users u join roles r on r.id = u.role_id
      left join trade_associations ta on ta.id = u.trade_association_id
      left join federations f on f.id = u.federation_id
      left join confederations c on c.id = u.confederation_id
      left join exporters e on e.id = u.exporter_id
      left join dispatchers d on d.id = u.dispatcher_id
     where u.deleted_at is null order by u.name collate "und-x-icu", u.id limit 15 offset 0`,
  );
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ data: rows, current_page: 1, per_page: 15, total: rows[0]?.total ?? 0 }));
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as AddressInfo).port;

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
// autocannon runs in its own process (asynchronously: the servers share this event loop).
async function load(url: string, headers: string[] = []): Promise<Result> {
  const args = [
    'autocannon',
    '-j',
    '-d',
    String(DURATION),
    '-c',
    String(CONNECTIONS),
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ];
  const { stdout } = await promisify(execFile)('npx', args, {
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

const driver = handle.driver === 'pg' ? 'PostgreSQL' : 'PGlite';
console.log(`bench: GET /v1/user?page=1, ${DURATION}s, ${CONNECTIONS} connections, ${driver}, 508 users`);
const origem = await load(`http://127.0.0.1:${appPort}/v1/user?page=1`, [`authorization=Bearer ${token}`]);
const baseline = await load(`http://127.0.0.1:${barePort}/`);
const row = (name: string, r: Result) =>
  `${name.padEnd(48)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx + r.errors}`;
console.log(row('Origem (Fastify, auth, scoping)', origem));
console.log(row('bare node:http, same query', baseline));
console.log(`ratio Origem / bare: ${(origem.requests.average / baseline.requests.average).toFixed(2)}`);

// Issue 4's lists through the whole stack, each as the user whose scope it exercises.
const analyst = `authorization=Bearer ${await tokenOf('analista@origem.local')}`;
const exporter = `authorization=Bearer ${await tokenOf('exportador@origem.local')}`;
console.log('party lists, page 1 (2,001 companies, 1,001 exporters):');
for (const [name, url, auth] of [
  ['GET /v2/company (exporter, own book)', '/v2/company?page=1', exporter],
  ['GET /v2/company?corporate_name=0042 (analyst)', '/v2/company?page=1&corporate_name=0042', analyst],
  ['GET /v1/exporter (analyst, association)', '/v1/exporter?page=1', analyst],
  ['GET /v1/legal_representative (exporter)', '/v1/legal_representative?page=1', exporter],
] as const) {
  console.log(row(name, await load(`http://127.0.0.1:${appPort}${url}`, [auth])));
}

await app.close();
bare.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
