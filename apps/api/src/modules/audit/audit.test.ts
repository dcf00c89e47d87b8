import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS } from '@origem/contract/schemas/audit';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  audits,
  dispatcherExporterLinks,
  dispatchers,
  exporters,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { withNames } from './names';

let t: TestApp;
const tok: Record<string, string> = {};
const roleId: Record<string, number> = {};
const userId: Record<string, number> = {};
let santos = 0;
let facesp = 0;

type Entry = {
  id: number;
  user: {
    id: number;
    name: string;
    cpf: string | null;
    email: string;
    role: { id: number; name: string; display_name: string; type: string };
    system_origin: { id: number; system: string };
  } | null;
  auditable_type: string;
  auditable_id: number | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  url: string | null;
  ip_address: string | null;
  user_agent: string | null;
  event: string;
  created_at: string;
};
type Page = { data: Entry[]; current_page: number; per_page: number; total: number; last_page: number };

const OTHER_IP = '203.0.113.7';
const WEIRD_NAME = 'Silva; "Zé" & Cia';
const FORMULA_NAME = '=SOMA(1;2)';
const FORMULA_AGENT = '=HYPERLINK("http://mal.example";"clique")';
/** Ids of what the mutations below produced. */
const made = { ulisses: 0, role: 0, vera: 0, weird: 0, formula: 0 };

const get = (url: string, token = tok.admin) => t.request('GET', url, { token });

beforeAll(async () => {
  // Requests come from the test's 127.0.0.1, trusted as a proxy: X-Forwarded-For sets the audited address.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  for (const r of await t.db.select({ id: roles.id, name: roles.name }).from(roles)) roleId[r.name] = r.id;
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) {
    userId[u.email.split('@')[0] ?? ''] = u.id;
  }
  const [association] = await t.db
    .select({ id: tradeAssociations.id, federation_id: tradeAssociations.federation_id })
    .from(tradeAssociations);
  santos = association?.id ?? 0;
  facesp = association?.federation_id ?? 0;
  for (const role of ['admin', 'associacao', 'analista', 'exportador', 'federacao'])
    tok[role] = await t.login(role);

  const call = async (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = tok.admin,
    ip?: string,
  ) => {
    const res = await t.request(method, url, { token, body, headers: ip ? { 'x-forwarded-for': ip } : {} });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>();
  };
  const analista = { role_id: roleId.analista, trade_association_id: santos };

  // Admin: a user's whole life, and a role change (some of it from another address).
  made.ulisses = (
    await call('POST', '/v1/user', { name: 'Ulisses Zeta', email: 'ulisses@origem.local', ...analista })
  ).id;
  await call(
    'PUT',
    `/v1/user/${made.ulisses}`,
    { name: 'Ulisses Alfa', email: 'ulisses@origem.local', ...analista },
    tok.admin,
    OTHER_IP,
  );
  await call('DELETE', `/v1/user/${made.ulisses}`, undefined, tok.admin, OTHER_IP);
  made.role = (
    await call('POST', '/v1/role', { name: 'auditado', display_name: 'Auditado', type: 'exportador' })
  ).id;
  await call('PUT', `/v1/role/${made.role}`, {
    name: 'auditado',
    display_name: 'Perfil auditado',
    type: 'exportador',
  });

  // The association manages its own users.
  made.vera = (
    await call(
      'POST',
      '/v1/user',
      { name: 'Vera Associada', email: 'vera@origem.local', ...analista },
      tok.associacao,
    )
  ).id;

  // Users whose names need escaping in the CSV sign in, so they appear as the actor of an audit row.
  made.weird = (
    await call('POST', '/v1/user', { name: WEIRD_NAME, email: 'estranho@origem.local', ...analista })
  ).id;
  made.formula = (
    await call('POST', '/v1/user', { name: FORMULA_NAME, email: 'formula@origem.local', ...analista })
  ).id;
  const [demo] = await t.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId.admin ?? 0));
  await t.db
    .update(users)
    .set({ password_hash: demo?.hash ?? null })
    .where(sql`id in (${made.weird}, ${made.formula})`);
  for (const email of ['estranho@origem.local', 'formula@origem.local']) {
    const res = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: email, password: 'origem123' },
    });
    expect(res.statusCode).toBe(200);
  }
  // Anyone can put text in the log: an anonymous failed login with a formula as its browser.
  const failed = await t.request('POST', '/v1/oauth/token', {
    body: { grant_type: 'password', client_id: '2', username: 'ninguem@origem.local', password: 'x' },
    headers: { 'user-agent': FORMULA_AGENT },
  });
  expect(failed.statusCode).toBe(401);
});

afterAll(async () => {
  await t.close();
});

async function page(query = '', token = tok.admin): Promise<Page> {
  const res = await get(`/v1/audit${query ? `?${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

async function allEntries(query = '', token = tok.admin): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let p = 1; ; p++) {
    const body = await page(`${query}${query ? '&' : ''}page=${p}`, token);
    out.push(...body.data);
    if (p >= body.last_page) return out;
  }
}

/** RFC 4180 with ';' as the separator: quoted fields may hold separators, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function exportCsv(query = '', token = tok.admin) {
  const res = await get(`/v1/audit/export_csv${query ? `?${query}` : ''}`, token);
  return { res, rows: res.statusCode === 200 ? parseCsv(res.body.replace(/^\uFEFF/, '')) : [] };
}

describe('GET /v1/audit', () => {
  it('lists every audit row newest first, with who did it, what and where', async () => {
    const body = await page();
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audits`);
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: count?.n,
      last_page: Math.ceil((count?.n ?? 0) / 15),
    });
    const newest = await t.db
      .select({ id: audits.id })
      .from(audits)
      .orderBy(desc(audits.created_at), desc(audits.id))
      .limit(15);
    expect(body.data.map((e) => e.id)).toEqual(newest.map((r) => r.id));

    // The admin's mutations, in reverse order of execution.
    const mine = (await allEntries(`user_id=${userId.admin}`)).filter((e) => e.auditable_type !== 'session');
    expect(mine.slice(-5).map((e) => `${e.event} ${e.auditable_type} ${e.auditable_id}`)).toEqual([
      `updated role ${made.role}`,
      `created role ${made.role}`,
      `deleted user ${made.ulisses}`,
      `updated user ${made.ulisses}`,
      `created user ${made.ulisses}`,
    ]);

    const update = mine.find((e) => e.event === 'updated' && e.auditable_type === 'user');
    expect(update).toEqual({
      id: expect.any(Number),
      user: {
        id: userId.admin,
        name: 'Ana Administradora',
        cpf: expect.stringMatching(/^\d{11}$/),
        email: 'admin@origem.local',
        role: { id: roleId.admin, name: 'admin', display_name: 'Administrador', type: 'admin' },
        system_origin: { id: 1, system: 'Origem' },
      },
      auditable_type: 'user',
      auditable_id: made.ulisses,
      old_values: { name: 'Ulisses Zeta' },
      new_values: { name: 'Ulisses Alfa' },
      url: `/v1/user/${made.ulisses}`,
      ip_address: OTHER_IP,
      user_agent: 'vitest',
      event: 'updated',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // The records the entry mentions, by name (issue 9): here the user itself, deleted since.
      names: { [`user:${made.ulisses}`]: 'Ulisses Alfa' },
    });
    const roleUpdate = mine.find((e) => e.event === 'updated' && e.auditable_type === 'role');
    expect(roleUpdate?.old_values).toMatchObject({ display_name: 'Auditado', permissions: [] });
    expect(roleUpdate?.new_values).toMatchObject({ display_name: 'Perfil auditado' });
  });

  it('shows anonymous events (a failed login) without a user', async () => {
    const failed = await page('event=login_failed');
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({
      user: null,
      auditable_type: 'session',
      new_values: { email: 'ninguem@origem.local' },
    });
  });

  it('filters by user_id', async () => {
    const rows = await allEntries(`user_id=${userId.associacao}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.user?.id === userId.associacao)).toBe(true);
    expect(rows.some((e) => e.event === 'created' && e.auditable_id === made.vera)).toBe(true);
  });

  it('filters by ip_address, whole or in part', async () => {
    for (const q of [OTHER_IP, '203.0.113']) {
      const rows = await allEntries(`ip_address=${q}`);
      expect(rows.map((e) => e.event).sort()).toEqual(['deleted', 'updated']);
      expect(rows.every((e) => e.ip_address === OTHER_IP)).toBe(true);
    }
  });

  it('filters by event, auditable_type and auditable_id', async () => {
    const deleted = await allEntries('event=deleted');
    expect(deleted.map((e) => `${e.auditable_type} ${e.auditable_id}`)).toEqual([`user ${made.ulisses}`]);
    const rolesOnly = await allEntries('auditable_type=role');
    expect(rolesOnly.map((e) => e.event)).toEqual(['updated', 'created']);
    expect(rolesOnly.every((e) => e.auditable_id === made.role)).toBe(true);
    const oneUser = await allEntries(`auditable_type=user&auditable_id=${made.ulisses}`);
    expect(oneUser.map((e) => e.event)).toEqual(['deleted', 'updated', 'created']);
    const combined = await allEntries(
      `auditable_type=user&auditable_id=${made.ulisses}&event=updated&user_id=${userId.admin}`,
    );
    expect(combined).toHaveLength(1);
    expect((await page('event=nao_existe')).total).toBe(0);
  });

  it('filters by day in Brasília time, both ends included', async () => {
    // Four rows around midnight of 10/03/2025 in Brasília (UTC−3).
    const at = [
      '2025-03-09T23:59:00-03:00',
      '2025-03-10T00:30:00-03:00',
      '2025-03-10T23:59:00-03:00',
      '2025-03-11T00:00:00-03:00',
    ];
    const inserted = await t.db
      .insert(audits)
      .values(
        at.map((iso) => ({
          event: 'teste_data',
          auditable_type: 'user',
          user_id: userId.admin,
          created_at: new Date(iso),
        })),
      )
      .returning({ id: audits.id });
    const [a, b, c, d] = inserted.map((r) => r.id);
    const ids = async (q: string) => (await allEntries(`event=teste_data&${q}`)).map((e) => e.id);
    expect(await ids('start_date=2025-03-10&end_date=2025-03-10')).toEqual([c, b]);
    expect(await ids('start_date=2025-03-10')).toEqual([d, c, b]);
    expect(await ids('end_date=2025-03-10')).toEqual([c, b, a]);
    expect(await ids('end_date=2025-03-09')).toEqual([a]);
    expect(await ids('start_date=2025-03-12')).toEqual([]);
    expect(await ids('start_date=&end_date=')).toEqual([d, c, b, a]);
  });

  it('refuses a malformed or impossible date with 422 in Portuguese', async () => {
    for (const q of [
      'start_date=abc',
      'start_date=10/03/2025',
      'start_date=2025-02-30',
      'end_date=2025-13-01',
      'end_date=2025-3-1',
    ]) {
      const res = await get(`/v1/audit?${q}`);
      expect(res.statusCode, q).toBe(422);
      const field = q.split('=')[0] ?? '';
      expect(res.json().errors, q).toEqual({ [field]: ['Data inválida.'] });
      expect((await get(`/v1/audit/export_csv?${q}`)).statusCode, q).toBe(422);
    }
    expect((await get('/v1/audit?user_id=abc')).statusCode).toBe(422);
  });
});

describe('filter options', () => {
  it('GET /v1/audit/auditable_type and /event are the enumerations, in label order, never a scan of the log', async () => {
    const byLabel = (labels: Record<string, string>) =>
      Object.entries(labels)
        .map(([id, name]) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    const types = (await get('/v1/audit/auditable_type')).json<{ data: { id: string; name: string }[] }>()
      .data;
    expect(types).toEqual(byLabel(AUDITABLE_TYPE_LABELS));
    expect(types).toEqual(
      expect.arrayContaining([
        { id: 'role', name: 'Perfil' },
        { id: 'session', name: 'Sessão' },
        { id: 'user', name: 'Usuário' },
        { id: 'exporter', name: 'Exportador' },
        { id: 'company', name: 'Empresa' },
      ]),
    );
    const events = (await get('/v1/audit/event')).json<{ data: { id: string; name: string }[] }>().data;
    expect(events).toEqual(byLabel(AUDIT_EVENT_LABELS));
    expect(events).toEqual(
      expect.arrayContaining([
        { id: 'created', name: 'Criado' },
        { id: 'updated', name: 'Alterado' },
        { id: 'deleted', name: 'Excluído' },
        { id: 'login', name: 'Login' },
        { id: 'login_failed', name: 'Falha de login' },
      ]),
    );
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // A type or event that no row has yet is still offered: the options do not depend on the log.
    const [unused] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audits where auditable_type = 'confederation_image'`,
    );
    expect(unused?.n).toBe(0);
    expect(types.map((x) => x.id)).toContain('confederation_image');
  });

  it('GET /v1/audit/user is a type-ahead over the users in scope: name or e-mail contains, at most 20', async () => {
    type Person = { id: number; name: string; email: string };
    const people = async (query: string, token = tok.admin) =>
      (await get(`/v1/audit/user${query}`, token)).json<{ data: Person[] }>().data;
    const admin = { id: userId.admin, name: 'Ana Administradora', email: 'admin@origem.local' };
    const elisa = { id: userId.associacao, name: 'Elisa Associação', email: 'associacao@origem.local' };
    // Without a search: the first names in reading order, each once.
    const first = await people('');
    expect(first).toContainEqual(admin);
    expect(first).toContainEqual(elisa);
    expect(new Set(first.map((p) => p.id)).size).toBe(first.length);
    expect(first.map((p) => p.name)).toEqual(
      [...first.map((p) => p.name)].sort((a, b) => a.localeCompare(b)),
    );
    // By part of the name or of the e-mail, in any letter case.
    expect(await people('?search=ADMINISTRA')).toEqual([admin]);
    expect(await people('?search=associacao@')).toEqual([elisa]);
    // The one chosen (the select names the id it holds).
    expect(await people(`?id=${userId.associacao}`)).toEqual([elisa]);
    // A deleted user's actions stay in the trail, and so does the user among the options.
    expect((await people('?search=ulisses')).map((p) => p.id)).toEqual([made.ulisses]);
    // Never more than 20, however many match.
    await t.db.insert(users).values(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Zuleica Muitos ${String(i).padStart(2, '0')}`,
        email: `zuleica${i}@origem.local`,
        role_id: roleId.analista ?? 0,
        trade_association_id: santos,
      })),
    );
    const many = await people('?search=zuleica');
    expect(many).toHaveLength(20);
    expect(many[0]?.name).toBe('Zuleica Muitos 00');
  });

  it('GET /v1/audit/ip_address is a type-ahead of the addresses in the trail: each once, starting with the search', async () => {
    await t.db.insert(audits).values(
      ['198.51.100.10', '198.51.100.2', '198.51.100.10', '198.51.101.1', '192.0.2.1'].map((ip) => ({
        event: 'login',
        auditable_type: 'session',
        user_id: userId.associacao,
        trade_association_id: santos,
        federation_id: facesp,
        ip_address: ip,
      })),
    );
    const ips = async (query: string, token = tok.admin) =>
      (await get(`/v1/audit/ip_address${query}`, token)).json<{ data: { id: string; name: string }[] }>()
        .data;
    const all = await ips('');
    expect(all.map((o) => o.id)).toEqual(expect.arrayContaining(['127.0.0.1', '192.0.2.1', '198.51.100.10']));
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    expect(all.every((o) => o.id === o.name)).toBe(true);
    // Byte order, as the index keeps them: '198.51.100.10' before '198.51.100.2'.
    expect((await ips('?search=198.51.100')).map((o) => o.id)).toEqual(['198.51.100.10', '198.51.100.2']);
    expect((await ips('?search=198.51.')).map((o) => o.id)).toEqual([
      '198.51.100.10',
      '198.51.100.2',
      '198.51.101.1',
    ]);
    // LIKE wildcards typed are literal characters.
    expect(await ips('?search=198_51')).toEqual([]);
    // Only addresses that users of the actor's scope came from.
    expect((await ips('?search=198.51.', tok.federacao)).length).toBe(3);
    await t.db.insert(audits).values({
      event: 'login',
      auditable_type: 'session',
      user_id: userId.admin,
      ip_address: '198.51.102.1',
    });
    expect((await ips('?search=198.51.102')).map((o) => o.id)).toEqual(['198.51.102.1']);
    expect(await ips('?search=198.51.102', tok.associacao)).toEqual([]);
  });

  it('GET /v1/audit/auditable names each record by its newest name', async () => {
    const res = await get('/v1/audit/auditable?auditable_type=user');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { id: number; name: string }[] }>().data;
    // Created as "Ulisses Zeta", renamed "Ulisses Alfa", then deleted.
    expect(data).toContainEqual({ id: made.ulisses, name: `#${made.ulisses} — Ulisses Alfa` });
    expect(data).toContainEqual({ id: made.vera, name: `#${made.vera} — Vera Associada` });
    const rolesList = (await get('/v1/audit/auditable?auditable_type=role')).json<{
      data: { id: number; name: string }[];
    }>();
    expect(rolesList.data).toEqual([{ id: made.role, name: `#${made.role} — auditado` }]);
    const missing = await get('/v1/audit/auditable');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ auditable_type: ['Campo obrigatório.'] });
  });
});

describe('scoping', () => {
  it('associacao sees only what users of its association did', async () => {
    const rows = await allEntries('', tok.associacao);
    const [expected] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audits a join users u on u.id = a.user_id where u.trade_association_id = ${santos}`,
    );
    expect(rows.length).toBe(expected?.n);
    const inScope = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.trade_association_id, santos));
    const allowed = new Set(inScope.map((u) => u.id));
    expect(rows.every((e) => e.user && allowed.has(e.user.id))).toBe(true);
    expect(rows.some((e) => e.user?.id === userId.admin)).toBe(false);
    expect(rows.some((e) => e.user === null)).toBe(false);
    expect(rows.some((e) => e.event === 'created' && e.auditable_id === made.vera)).toBe(true);
    // A filter cannot reach outside the scope.
    expect((await page(`user_id=${userId.admin}`, tok.associacao)).total).toBe(0);
    const people = (await get('/v1/audit/user', tok.associacao)).json<{ data: { id: number }[] }>().data;
    expect(people.map((p) => p.id)).not.toContain(userId.admin);
    const records = (await get('/v1/audit/auditable?auditable_type=user', tok.associacao)).json<{
      data: { id: number }[];
    }>();
    expect(records.data.map((r) => r.id)).not.toContain(made.ulisses);
    const admins = (await get(`/v1/audit/user?id=${userId.admin}`, tok.associacao)).json<{
      data: unknown[];
    }>();
    expect(admins.data).toEqual([]);
  });

  it('an entry stays where its user stood when it was written', async () => {
    const failedLogin = () =>
      t.request('POST', '/v1/oauth/token', {
        body: { grant_type: 'password', client_id: '2', username: 'vera@origem.local', password: 'errada' },
      });
    expect((await failedLogin()).statusCode).toBe(401);
    // Vera leaves the association for the federation's own staff.
    await t.db
      .update(users)
      .set({ trade_association_id: null, federation_id: facesp })
      .where(eq(users.id, made.vera));
    expect((await failedLogin()).statusCode).toBe(401);

    const written = await t.db
      .select({ association: audits.trade_association_id, federation: audits.federation_id })
      .from(audits)
      .where(sql`${audits.user_id} = ${made.vera} and ${audits.event} = 'login_failed'`)
      .orderBy(audits.id);
    expect(written).toEqual([
      { association: santos, federation: facesp },
      { association: null, federation: facesp },
    ]);
    const query = `user_id=${made.vera}&event=login_failed`;
    expect((await page(query, tok.associacao)).total).toBe(1);
    expect((await page(query, tok.federacao)).total).toBe(2);
    // As it was, for the export tests that read the newest failed login.
    await t.db.update(users).set({ trade_association_id: santos }).where(eq(users.id, made.vera));
    await t.db
      .delete(audits)
      .where(sql`${audits.user_id} = ${made.vera} and ${audits.event} = 'login_failed'`);
  });

  it('the analyst of the association sees the same log', async () => {
    expect((await page('', tok.analista)).total).toBe((await page('', tok.associacao)).total);
  });

  it("federacao sees its own and its associations' users, not the admin", async () => {
    const rows = await allEntries('', tok.federacao);
    const ids = new Set(rows.map((e) => e.user?.id));
    expect(ids.has(userId.federacao)).toBe(true);
    expect(ids.has(userId.associacao)).toBe(true);
    expect(ids.has(userId.admin)).toBe(false);
  });

  it('refuses the log and its export to a role without audit.view with 403', async () => {
    for (const url of [
      '/v1/audit',
      '/v1/audit/export_csv',
      '/v1/audit/user',
      '/v1/audit/event',
      '/v1/audit/auditable?auditable_type=user',
    ]) {
      const res = await get(url, tok.exportador);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para realizar esta ação.');
    }
    expect((await t.request('GET', '/v1/audit/export_csv')).statusCode).toBe(401);
  });
});

describe('GET /v1/audit/export_csv', () => {
  const HEADER =
    'ID;Data/hora;Usuário;E-mail;Perfil;Evento;Tipo de registro;ID do registro;IP;Navegador;URL;Valores antigos;Valores novos;Nome do registro';

  it('downloads audit.csv: UTF-8 BOM, the header, then one line per row of the list', async () => {
    const { res, rows } = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(rows[0]?.join(';')).toBe(HEADER);
    expect(rows.every((r) => r.length === 14)).toBe(true);
    const total = (await page()).total;
    expect(rows.length - 1).toBe(total);
    // Newest first, in the very order of the list.
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual((await allEntries()).map((e) => e.id));
  });

  it('applies the same filters as the list', async () => {
    for (const q of [
      'event=updated',
      `user_id=${userId.admin}`,
      `ip_address=${OTHER_IP}`,
      'auditable_type=role',
      `auditable_type=user&auditable_id=${made.ulisses}`,
      'start_date=2025-03-10&end_date=2025-03-10',
    ]) {
      const { rows } = await exportCsv(q);
      const listed = await allEntries(q);
      expect(rows.length - 1, q).toBe(listed.length);
      expect(
        rows.slice(1).map((r) => Number(r[0])),
        q,
      ).toEqual(listed.map((e) => e.id));
    }
    const { rows } = await exportCsv('event=updated');
    expect(rows.slice(1).every((r) => r[5] === 'Alterado')).toBe(true);
  });

  it('writes one row per line with Portuguese labels, Brasília time, and quotes what needs quoting', async () => {
    const { res, rows } = await exportCsv(`auditable_type=user&auditable_id=${made.ulisses}&event=updated`);
    const line = rows[1] ?? [];
    expect(line.slice(2, 11)).toEqual([
      'Ana Administradora',
      'admin@origem.local',
      'Administrador',
      'Alterado',
      'Usuário',
      String(made.ulisses),
      OTHER_IP,
      'vitest',
      `/v1/user/${made.ulisses}`,
    ]);
    // Brasília time, written as the audit screen writes it (formatAuditDateTime).
    expect(line[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(line[11] ?? '')).toEqual({ name: 'Ulisses Zeta' });
    expect(JSON.parse(line[12] ?? '')).toEqual({ name: 'Ulisses Alfa' });
    // JSON holds quotes: the cell is quoted and its quotes doubled. The JSON is PostgreSQL's own text of the value
    // (a space after each colon and comma), not parsed and written again (issue 21).
    expect(res.body).toContain('"{""name"": ""Ulisses Zeta""}"');

    const dated = await exportCsv('event=teste_data&start_date=2025-03-10&end_date=2025-03-10');
    expect(dated.rows.slice(1).map((r) => r[1]?.replace(',', ''))).toEqual([
      '10/03/2025 23:59:00',
      '10/03/2025 00:30:00',
    ]);
  });

  it('escapes separators and quotes in names', async () => {
    const { res, rows } = await exportCsv(`user_id=${made.weird}`);
    expect(rows.length).toBe(2);
    expect(rows[1]?.[2]).toBe(WEIRD_NAME);
    expect(rows[1]?.[5]).toBe('Login');
    expect(res.body).toContain('"Silva; ""Zé"" & Cia"');
    // The created row carries the name inside the JSON, quoted too.
    const created = (await exportCsv(`auditable_type=user&auditable_id=${made.weird}&event=created`)).rows[1];
    expect(JSON.parse(created?.[12] ?? '').name).toBe(WEIRD_NAME);
  });

  it('defuses cells a spreadsheet would run as formulas', async () => {
    const byName = (await exportCsv(`user_id=${made.formula}`)).rows[1];
    expect(byName?.[2]).toBe(`'${FORMULA_NAME}`);
    const anonymous = (await exportCsv('event=login_failed')).rows[1];
    expect(anonymous?.[9]).toBe(`'${FORMULA_AGENT}`);
    expect(anonymous?.[2]).toBe('');
  });

  it('streams more rows than one batch, each once, newest first (by time, not by id)', async () => {
    await t.db.execute(sql`
      insert into audits (event, auditable_type, user_id, created_at)
      select 'lote', 'user', ${userId.admin}, now() - make_interval(secs => g) from generate_series(1, 1234) g`);
    const { rows } = await exportCsv('event=lote');
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toHaveLength(1234);
    expect(new Set(ids).size).toBe(1234);
    // Each row is a second older than the one inserted before it: newest first is insertion order here.
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual((await allEntries('event=lote')).map((e) => e.id));
  });

  it("exports only the actor's scope", async () => {
    const { rows } = await exportCsv('', tok.associacao);
    expect(rows.length - 1).toBe((await page('', tok.associacao)).total);
    expect(rows.slice(1).some((r) => r[3] === 'admin@origem.local')).toBe(false);
  });
});

describe('audit guard', () => {
  it('reading and exporting the log write nothing to it', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audits`))[0]?.n;
    const before = await count();
    await page();
    await exportCsv();
    await get('/v1/audit/user');
    expect(await count()).toBe(before);
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});

describe('names of link rows', () => {
  it('a dispatcher–exporter link is named by its two sides', async () => {
    const [exporter] = await t.db.select().from(exporters).limit(1);
    const [dispatcher] = await t.db.select().from(dispatchers).limit(1);
    if (!exporter || !dispatcher) throw new Error('sem exportador ou despachante de demonstração');
    const [link] = await t.db
      .insert(dispatcherExporterLinks)
      .values({
        exporter_id: exporter.id,
        dispatcher_id: dispatcher.id,
        trade_association_id: exporter.trade_association_id,
        requested_by: 'dispatcher',
        exporter_name: exporter.name,
        dispatcher_name: dispatcher.name,
      })
      .returning({ id: dispatcherExporterLinks.id });
    const id = link?.id ?? 0;
    const [entry] = await withNames(t.db, [
      { auditable_type: 'dispatcher_exporter_link', auditable_id: id, old_values: null, new_values: null },
    ]);
    expect(entry?.names).toEqual({
      [`dispatcher_exporter_link:${id}`]: `${exporter.name} — ${dispatcher.name}`,
    });
    await t.db.delete(dispatcherExporterLinks).where(eq(dispatcherExporterLinks.id, id));
  });
});
