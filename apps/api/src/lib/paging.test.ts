import { SEARCH_TOTAL_CAP, TOTAL_CAP } from '@origem/contract/paging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_SCALE, fillScale, type ScaleCounts } from '../../scripts/scale/fillers';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';

/**
 * The lists at a scale where plans matter (lib/paging.ts, docs/adr/006-lists-that-scale.md): paging behaviour
 * (capped totals, keyset pages, type-ahead pages), and the query plans of the SQL the services really run: each
 * list's page is read through the index that serves its filter and order, never by a sequential scan of the big
 * table. The rows come from the seed:scale fillers, at a size the planner already takes seriously.
 */
const COUNTS: ScaleCounts = {
  ...FULL_SCALE,
  associations: 20,
  exporters: 10_000,
  dispatchers: 5_000,
  companies: 10_000,
  legalRepresentatives: 10_000,
  preRegistrations: 3_000,
  users: 20_000,
  audits: 40_000,
  declarations: 20_000,
  declarationLinks: 500,
  certificates: 2_000,
};

type Statement = { text: string; params: unknown[] };
let capturing: Statement[] | null = null;
let t: TestApp;
const tok: Record<string, string> = {};
let santos = 0;

beforeAll(async () => {
  t = await createTestApp({}, { logQuery: (text, params) => capturing?.push({ text, params }) });
  await fillScale(t.db, COUNTS);
  // VACUUM also merges the GIN indexes' pending lists (bulk inserts leave them there), as in production.
  await t.db.execute(sql`vacuum analyze`);
  for (const role of ['admin', 'analista', 'associacao', 'exportador', 'federacao'])
    tok[role] = await t.login(role);
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select trade_association_id as id from users where email = 'analista@origem.local'`,
  );
  santos = row?.id ?? 0;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

type Page<T = { id: number }> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_capped: boolean;
};

async function get<T = { id: number }>(url: string, role = 'admin'): Promise<Page<T>> {
  const res = await t.request('GET', url, { token: tok[role] });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Page<T>>();
}

const ids = (page: Page) => page.data.map((row) => row.id);

describe('paging at scale', () => {
  it('caps the total of a big list at 10 000 and says so', async () => {
    const [all] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audits`);
    expect(all?.n).toBeGreaterThan(TOTAL_CAP);
    const first = await get('/v1/audit');
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: TOTAL_CAP,
      last_page: Math.ceil(TOTAL_CAP / 15),
      total_capped: true,
    });
    expect(first.data).toHaveLength(15);
    // At the cap's last page more rows follow: the next page is offered, the total stays a lower bound.
    const atCap = await get(`/v1/audit?page=${Math.ceil(TOTAL_CAP / 15)}`);
    expect(atCap).toMatchObject({
      total: TOTAL_CAP,
      total_capped: true,
      last_page: Math.ceil(TOTAL_CAP / 15) + 1,
    });
  });

  it('counts exactly below the cap', async () => {
    const page = await get(`/v1/user/search?trade_association_id=${santos}`, 'admin');
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where trade_association_id = ${santos} and deleted_at is null`,
    );
    expect(row?.n).toBeLessThan(TOTAL_CAP);
    expect(page).toMatchObject({
      total: row?.n,
      total_capped: false,
      last_page: Math.ceil((row?.n ?? 0) / 15),
    });
  });

  it('a keyset page (after = the previous last id) is the same page as its offset', async () => {
    const offsetPages = [];
    for (const p of [1, 2, 3]) offsetPages.push(await get(`/v1/user?page=${p}`));
    const [p1, p2, p3] = offsetPages as [Page, Page, Page];
    const k2 = await get(`/v1/user?page=2&after=${p1.data.at(-1)?.id}`);
    const k3 = await get(`/v1/user?page=3&after=${k2.data.at(-1)?.id}`);
    expect(ids(k2)).toEqual(ids(p2));
    expect(ids(k3)).toEqual(ids(p3));
    expect(k3).toMatchObject({ current_page: 3, total: p3.total, total_capped: p3.total_capped });
    // Deep: page 400 by offset (skipped on the ids first) and by keyset from page 399.
    const p399 = await get('/v1/audit?page=399');
    const deep = await get('/v1/audit?page=400');
    expect(ids(await get(`/v1/audit?page=400&after=${p399.data.at(-1)?.id}`))).toEqual(ids(deep));
    const newest = await queryRows<{ id: number }>(
      t.db,
      sql`select id from audits order by created_at desc, id desc limit 15 offset ${399 * 15}`,
    );
    expect(ids(deep)).toEqual(newest.map((r) => Number(r.id)));
    // An anchor that no longer exists falls back to the offset.
    expect(ids(await get('/v1/user?page=2&after=2147483000'))).toEqual(ids(p2));
  });

  it('a type-ahead page: 20 rows, no count, total_capped when more match', async () => {
    const page = await get('/v1/user/search?name=a&per_page=20&count=false');
    expect(page).toMatchObject({ per_page: 20, total: 20, total_capped: true, last_page: 2 });
    expect(page.data).toHaveLength(20);
    const few = await get('/v1/user/search?email=admin@origem&per_page=20&count=false');
    expect(few).toMatchObject({ total: 1, total_capped: false, last_page: 1 });
    // A page size beyond the limit falls back to the default, as a bad page number does.
    expect((await get('/v1/user?per_page=5000')).per_page).toBe(15);
  });

  it('a text search counts up to 1 000 matches: past it the total says "1.000+"', async () => {
    const many = await get('/v1/user/search?name=a');
    expect(many).toMatchObject({
      total: SEARCH_TOTAL_CAP,
      total_capped: true,
      last_page: Math.ceil(SEARCH_TOTAL_CAP / 15),
    });
    // The last page within the cap still reads, and says more follow.
    const last = await get(`/v1/user/search?name=a&page=${Math.ceil(SEARCH_TOTAL_CAP / 15)}`);
    expect(last).toMatchObject({ total_capped: true, last_page: Math.ceil(SEARCH_TOTAL_CAP / 15) + 1 });
    expect(last.data).toHaveLength(15);
    // A filter without text is counted to TOTAL_CAP as before.
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where name ilike '%quitéria%' and deleted_at is null`,
    );
    const few = await get('/v1/user/search?name=Quit%C3%A9ria');
    expect(few).toMatchObject({ total: row?.n, total_capped: false });
  });

  it('a search reads the same rows, in the same order, whether it matches few or many', async () => {
    type Named = { id: number; name: string };
    const inOrder = async (pattern: string) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`select id from users where deleted_at is null and name ilike ${pattern}
               order by name collate "und-x-icu", id limit 15`,
        )
      ).map((r) => r.id);
    const count = async (pattern: string) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from users where deleted_at is null and name ilike ${pattern}`,
        )
      )[0]?.n ?? 0;
    // 'Quitéria' is one first name of thirty: sparse; 'a' is in nearly every name: dense.
    expect(await count('%quitéria%')).toBeLessThan(SEARCH_TOTAL_CAP);
    expect(await count('%a%')).toBeGreaterThan(SEARCH_TOTAL_CAP);
    for (const [text, pattern] of [
      ['Quit%C3%A9ria', '%quitéria%'],
      ['a', '%a%'],
    ] as const) {
      const page = await get<Named>(`/v1/user/search?name=${text}`);
      expect(page.data.map((u) => u.id)).toEqual(await inOrder(pattern));
    }
  });
});

// ---- query plans ------------------------------------------------------------------------------------------------

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

async function explain(statement: Statement): Promise<PlanNode> {
  const client = (t.db as unknown as { $client: Client }).$client;
  const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const root = plan[0]?.Plan;
  if (!root) throw new Error(`no plan for ${statement.text}`);
  return root;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The SQL a request ran, minus the bearer-token lookup. */
async function statementsOf(url: string, role: string): Promise<Statement[]> {
  capturing = [];
  const res = await t.request('GET', url, { token: tok[role] });
  const captured = capturing;
  capturing = null;
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return captured.filter((s) => !s.text.includes('access_tokens'));
}

const mentions = (s: Statement, table: string) =>
  s.text.includes(`"${table}"`) || s.text.includes(` ${table} `);

/**
 * `index`: what the page query (the statement with ORDER BY) must read `table` through. `count`: the index the
 * capped count must use too, where the test's table is big enough for the planner to care; a bounded count of
 * a few thousand rows is rightly read straight from the table (at full scale the bench shows its plans).
 */
type Case = { url: string; role?: string; table: string; index: string[]; count?: string[] };
const CASES: Case[] = [
  { url: '/v1/user', table: 'users', index: ['users_name_idx'] },
  {
    url: '/v1/user',
    role: 'associacao',
    table: 'users',
    index: ['users_name_idx', 'users_association_name_idx'],
  },
  { url: '/v1/user?page=3&after=12', table: 'users', index: ['users_name_idx'] },
  { url: '/v1/user?page=300', table: 'users', index: ['users_name_idx'] },
  // A search matching few rows is read through its trigram index; one matching many walks the order's index.
  {
    url: '/v1/user/search?name=quit%C3%A9ria%20souza',
    table: 'users',
    index: ['users_name_search_trgm_idx'],
  },
  { url: '/v1/user/search?name=ar', table: 'users', index: ['users_name_idx'] },
  { url: '/v1/user/search?email=exp123', table: 'users', index: ['users_email_search_trgm_idx'] },
  { url: `/v1/user/search?trade_association_id=2`, table: 'users', index: ['users_association_name_idx'] },
  { url: '/v1/exporter', table: 'exporters', index: ['exporters_name_idx'] },
  { url: '/v1/exporter', role: 'analista', table: 'exporters', index: ['exporters_association_name_idx'] },
  {
    url: '/v1/exporter?name=cer%C3%A2mica%20ip%C3%AA',
    table: 'exporters',
    index: ['exporters_name_search_trgm_idx'],
  },
  { url: '/v1/exporter?cnpj=90.000.000/0123-46', table: 'exporters', index: ['exporters_cnpj_trgm_idx'] },
  { url: '/v1/exporter/with_trashed', table: 'exporters', index: ['exporters_name_idx'] },
  { url: '/v1/dispatcher?name=despachos', table: 'dispatchers', index: ['dispatchers_name_idx'] },
  // The link-request type-ahead (issue 11): the counterparts of one association, by name.
  {
    url: '/v1/exporter/all_not_bind',
    role: 'exportador',
    table: 'dispatchers',
    index: ['dispatchers_association_name_idx'],
  },
  {
    url: '/v1/exporter/all_not_bind?name=despachos',
    role: 'exportador',
    table: 'dispatchers',
    index: ['dispatchers_association_name_idx', 'dispatchers_name_search_trgm_idx'],
  },
  { url: '/v1/dispatcher?cpf=9000000123', table: 'dispatchers', index: ['dispatchers_cpf_trgm_idx'] },
  { url: '/v2/company', table: 'companies', index: ['companies_corporate_name_idx'] },
  { url: '/v2/company', role: 'exportador', table: 'companies', index: ['companies_exporter_name_idx'] },
  {
    url: '/v2/company?corporate_name=trading%20aurora',
    table: 'companies',
    index: ['companies_name_search_trgm_idx'],
  },
  { url: '/v2/company?corporate_name=ltda', table: 'companies', index: ['companies_corporate_name_idx'] },
  { url: '/v2/company?company_type_id=2', table: 'companies', index: ['companies_type_name_idx'] },
  { url: '/v2/company?order=city', table: 'companies', index: ['companies_city_order_idx'] },
  // The certificate form's importer/intervenor type-ahead (issue 13): one exporter's book, by name.
  {
    url: '/v2/company?company_type_id=1&exporter_id=1&per_page=20&count=false',
    table: 'companies',
    index: ['companies_exporter_name_idx'],
  },
  {
    url: '/v2/company?company_type_id=3&exporter_id=1&corporate_name=ltda&per_page=20&count=false',
    table: 'companies',
    index: ['companies_exporter_name_idx'],
  },
  {
    url: '/v1/legal_representative',
    table: 'legal_representatives',
    index: ['legal_representatives_name_idx'],
  },
  {
    url: '/v1/legal_representative',
    role: 'exportador',
    table: 'legal_representatives',
    index: ['legal_representatives_exporter_name_idx'],
  },
  {
    url: '/v1/legal_representative?name=quit%C3%A9ria%20souza',
    table: 'legal_representatives',
    index: ['legal_representatives_name_search_trgm_idx'],
  },
  { url: '/v1/pre_registration', table: 'pre_registrations', index: ['pre_registrations_created_idx'] },
  {
    url: '/v1/pre_registration?status=PENDENTE',
    table: 'pre_registrations',
    index: ['pre_registrations_status_created_idx'],
  },
  {
    url: '/v1/pre_registration',
    role: 'associacao',
    table: 'pre_registrations',
    index: ['pre_registrations_association_created_idx'],
  },
  {
    url: '/v1/pre_registration?cpf=6000001',
    table: 'pre_registrations',
    index: ['pre_registrations_cpf_prefix_idx'],
  },
  {
    url: '/v1/pre_registration?order=name',
    table: 'pre_registrations',
    index: ['pre_registrations_name_idx'],
  },
  { url: '/v1/audit', table: 'audits', index: ['audits_created_idx'] },
  { url: '/v1/audit?page=200', table: 'audits', index: ['audits_created_idx'] },
  {
    url: '/v1/audit?event=login',
    table: 'audits',
    index: ['audits_event_created_idx'],
    count: ['audits_event_created_idx'],
  },
  {
    url: '/v1/audit?auditable_type=company',
    table: 'audits',
    index: ['audits_type_created_idx'],
    count: ['audits_type_created_idx', 'audits_auditable_idx'],
  },
  { url: '/v1/audit?auditable_type=user&auditable_id=7', table: 'audits', index: ['audits_auditable_idx'] },
  { url: '/v1/audit?user_id=40', table: 'audits', index: ['audits_user_created_idx'] },
  // The trail's scope is its own columns: an association's or a federation's entries are one index range.
  {
    url: '/v1/audit',
    role: 'associacao',
    table: 'audits',
    index: ['audits_association_created_idx'],
    count: ['audits_association_created_idx'],
  },
  {
    url: '/v1/audit',
    role: 'federacao',
    table: 'audits',
    // Here the one federation holds nearly every user: the newest-first walk finds its page at once.
    index: ['audits_federation_created_idx', 'audits_created_idx'],
    count: ['audits_federation_created_idx'],
  },
  {
    url: '/v1/audit?ip_address=10.3.12.5',
    table: 'audits',
    index: ['audits_ip_idx'],
    count: ['audits_ip_idx'],
  },
  {
    url: '/v1/audit?start_date=2025-06-10&end_date=2025-06-10',
    table: 'audits',
    index: ['audits_created_idx'],
  },
  {
    url: '/v1/audit/user?search=quit%C3%A9ria%20souza',
    table: 'users',
    index: ['users_name_search_trgm_idx'],
  },
  { url: '/v1/audit/ip_address?search=10.1', table: 'audits', index: ['audits_ip_idx'] },
  // Issue 12: declarations, id descending. A filter that many rows pass is read walking the primary key backwards
  // (the first rows found are the page); a selective one through its own index.
  { url: '/v2/declaration', table: 'declarations', index: ['declarations_pkey'] },
  { url: '/v2/declaration?page=300', table: 'declarations', index: ['declarations_pkey'] },
  {
    url: '/v2/declaration',
    role: 'analista',
    table: 'declarations',
    index: ['declarations_association_idx', 'declarations_association_status_idx', 'declarations_pkey'],
  },
  {
    url: '/v2/declaration',
    role: 'exportador',
    table: 'declarations',
    index: ['declarations_exporter_status_idx', 'declarations_pkey'],
  },
  {
    url: '/v2/declaration?declaration_flow_id=ENVIADA',
    table: 'declarations',
    index: ['declarations_status_idx', 'declarations_pkey'],
  },
  {
    url: '/v2/declaration?ncm=6907',
    table: 'declarations',
    index: ['declarations_ncm_prefix_idx', 'declarations_pkey'],
  },
  {
    url: '/v2/declaration?product_names_list=porcelanato',
    table: 'declarations',
    index: ['declarations_product_name_search_trgm_idx'],
  },
  // Issue 13: an invoice prefix is counted and its page chosen from one index, without reading the table.
  {
    url: '/v1/certificate?invoice_number=inv-0000012',
    table: 'certificates',
    index: ['certificates_invoice_prefix_step_idx'],
    count: ['certificates_invoice_prefix_step_idx'],
  },
  {
    url: '/v1/declaration/certificate/1',
    role: 'exportador',
    table: 'declarations',
    index: ['declarations_exporter_status_idx', 'declarations_pkey'],
  },
];

describe('query plans of the list queries', () => {
  it.each(CASES)(
    '$url ($role) reads $table through $index',
    async ({ url, role = 'admin', table, index, count }) => {
      const statements = (await statementsOf(url, role)).filter((s) => mentions(s, table));
      const checks: [Statement, string[]][] = [];
      for (const s of statements) {
        if (/ order by /i.test(s.text)) checks.push([s, index]);
        else if (count && s.text.startsWith('select count(*)')) checks.push([s, count]);
      }
      expect(checks.length, `${url}: no page query of ${table}`).toBeGreaterThanOrEqual(count ? 2 : 1);
      for (const [statement, expected] of checks) {
        const plan = nodes(await explain(statement));
        const used = plan.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
        const seqScans = plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
        expect(
          seqScans,
          `${url}: sequential scan of ${table} in\n${statement.text}\n${JSON.stringify(await explain(statement))}`,
        ).toEqual([]);
        expect(
          expected.some((name) => used.includes(name)),
          `${url}: expected ${expected.join(' or ')}, used ${used.join(', ')} in\n${statement.text}`,
        ).toBe(true);
      }
    },
  );
});
