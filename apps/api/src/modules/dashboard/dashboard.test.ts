import { certificateFlow, declarationFlow, stateCodes } from '@origem/contract/flows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { approvedDeclaration } from '../certificates/test-support';
import { type BillingSeed, otherAssociationUser, seedBillingPeriod } from '../reports/test-support';

let t: TestApp;
let seed: BillingSeed;
let declarationId: number;
/** The demo seed's own certificates awaiting analysis (all of the demo exporter, in Santos). */
let demoAwaiting: number[];
const tokens: Record<string, string> = {};
const ROLES = ['admin', 'associacao', 'analista', 'federacao', 'confederacao', 'exportador', 'despachante'];

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedBillingPeriod(t.db);
  demoAwaiting = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from certificates where status in ('ENVIADO', 'EM_ANALISE') order by id`,
    )
  ).map((row) => row.id);
  // Something to analyse on both sides: a certificate and a declaration sent, one of each in another association.
  await t.db.execute(
    sql`update certificates set status = 'ENVIADO', last_step_at = now() - interval '2 days' where id = ${seed.ids.draft}`,
  );
  await t.db.execute(sql`update certificates set status = 'EM_ANALISE' where id = ${seed.ids.sul}`);
  declarationId = await approvedDeclaration(t.db, seed.r);
  await t.db.execute(sql`update declarations set status = 'ENVIADA' where id = ${declarationId}`);
  Object.assign(tokens, await loginAll(t, ROLES));
  tokens.sul = await otherAssociationUser(t, seed);
}, 60_000);
afterAll(async () => t?.close());

const get = (role: string, url: string) => t.request('GET', url, { token: tokens[role] });
type Total = {
  certificates: { status: string; count: number }[];
  declarations: { status: string; count: number }[];
  issued_by_month: { month: string; count: number }[];
  issued_by_deal: { deal: string; count: number }[];
};

describe('GET /v1/dashboard/total', () => {
  it.each([...ROLES, 'sul'])('%s: each status figure equals the list behind it', async (role) => {
    const res = await get(role, '/v1/dashboard/total');
    expect(res.statusCode, res.body).toBe(200);
    const total = res.json<Total>();
    expect(total.certificates.map((c) => c.status)).toEqual(stateCodes(certificateFlow));
    expect(total.declarations.map((d) => d.status)).toEqual(stateCodes(declarationFlow));
    for (const { status, count } of total.certificates) {
      const list = await get(role, `/v1/certificate?certificate_flow_id=${status}`);
      expect(list.json().total, `${role} ${status}`).toBe(count);
    }
    for (const { status, count } of total.declarations) {
      const list = await get(role, `/v2/declaration?declaration_flow_id=${status}`);
      expect(list.json().total, `${role} ${status}`).toBe(count);
    }
  });

  it('counts match the tables for the whole platform and for one association', async () => {
    const direct = async (where: ReturnType<typeof sql>) =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; n: number }>(
            t.db,
            sql`select status, count(*)::int as n from certificates where ${where} group by 1`,
          )
        ).map((r) => [r.status, r.n]),
      );
    const asMap = (total: Total) =>
      Object.fromEntries(total.certificates.filter((c) => c.count > 0).map((c) => [c.status, c.count]));
    expect(asMap((await get('admin', '/v1/dashboard/total')).json())).toEqual(await direct(sql`true`));
    expect(asMap((await get('sul', '/v1/dashboard/total')).json())).toEqual(
      await direct(sql`trade_association_id = ${seed.otherAssociation}`),
    );
    expect(asMap((await get('sul', '/v1/dashboard/total')).json())).toEqual({ EM_ANALISE: 1 });
  });

  it('charts: certificates issued per month (12 months, Brasília) and per deal, in scope', async () => {
    const santos = (await get('associacao', '/v1/dashboard/total')).json<Total>();
    expect(santos.issued_by_month).toHaveLength(12);
    const month = Object.fromEntries(santos.issued_by_month.map((m) => [m.month, m.count]));
    // Seeded in 2026 (the suite runs within 12 months of it): 28/02 late, five in March (31/03 23:30 included), 01/04.
    if ('2026-03' in month) {
      expect(month['2026-03']).toBe(5);
      expect(month['2026-04']).toBe(1);
    }
    const byDeal = Object.fromEntries(santos.issued_by_deal.map((d) => [d.deal, d.count]));
    const inWindow = santos.issued_by_month.reduce((sum, m) => sum + m.count, 0);
    expect(Object.values(byDeal).reduce((a, b) => a + b, 0)).toBe(inWindow);
    const all = (await get('admin', '/v1/dashboard/total')).json<Total>();
    const allInWindow = all.issued_by_month.reduce((sum, m) => sum + m.count, 0);
    const sul = (await get('sul', '/v1/dashboard/total')).json<Total>();
    expect(allInWindow).toBe(inWindow + sul.issued_by_month.reduce((sum, m) => sum + m.count, 0));
  });
});

describe('activity lists', () => {
  it('certificates awaiting analysis: only ENVIADO/EM_ANALISE, only in scope', async () => {
    const santos = (await get('associacao', '/v1/dashboard/certificate/analyse')).json().data;
    const ids = santos.map((c: { id: number }) => c.id);
    expect([...ids].sort((a: number, b: number) => a - b)).toEqual(
      [seed.ids.draft, ...demoAwaiting].sort((a, b) => a - b),
    );
    expect(santos.find((c: { id: number }) => c.id === seed.ids.draft).status).toEqual({
      id: 'ENVIADO',
      name: 'Enviado para análise',
    });
    const sul = (await get('sul', '/v1/dashboard/certificate/analyse')).json().data;
    expect(sul.map((c: { id: number }) => c.id)).toEqual([seed.ids.sul]);
    const admin = (await get('admin', '/v1/dashboard/certificate/analyse')).json().data;
    expect(admin).toHaveLength(2 + demoAwaiting.length);
  });

  it('recently updated certificates and declarations stay in scope', async () => {
    const sul = (await get('sul', '/v1/dashboard/certificate/update')).json().data;
    expect(sul.map((c: { id: number }) => c.id)).toEqual([seed.ids.sul]);
    const exporter = (await get('exportador', '/v1/dashboard/certificate/update')).json().data;
    const own = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from certificates where exporter_id = ${seed.r.exporterId}`,
    );
    expect(exporter).toHaveLength(Math.min(10, own[0]?.n ?? 0));
    expect(
      exporter.every((c: { exporter: string }) => c.exporter === 'Café Santista Exportadora Ltda.'),
    ).toBe(true);
    const declarations = (await get('associacao', '/v1/dashboard/declaration/analyse')).json().data;
    expect(declarations.map((d: { id: number }) => d.id)).toContain(declarationId);
    expect(
      declarations.every((d: { status: { id: string } }) => ['ENVIADA', 'EM_ANALISE'].includes(d.status.id)),
    ).toBe(true);
    expect((await get('sul', '/v1/dashboard/declaration/update')).json().data).toEqual([]);
  });

  it('recent activity is work, not sign-ins: sessions and tokens are left out, each entry names its record', async () => {
    // The exporter's trail so far is its sign-in (loginAll); then it signs out of another session, a token of its
    // is made, and it does some work.
    const [user] = await queryRows<{ id: number; trade_association_id: number | null }>(
      t.db,
      sql`select id, trade_association_id from users where email = 'exportador@origem.local'`,
    );
    const other = await t.login('exportador');
    expect((await t.request('DELETE', '/v1/oauth/token', { token: other })).statusCode).toBeLessThan(300);
    const entry = (event: string, type: string, id: number | null) =>
      sql`(${user?.id}, ${event}, ${type}, ${id}, ${user?.trade_association_id ?? null})`;
    await t.db.execute(
      sql`insert into audits (user_id, event, auditable_type, auditable_id, trade_association_id) values ${sql.join(
        [
          entry('created', 'certificate', seed.ids.draft),
          entry('send_analysis', 'certificate', seed.ids.draft),
          entry('created', 'api_token', 1),
          entry('token_revoked', 'user', user?.id ?? null),
          entry('login', 'session', null),
        ],
        sql`, `,
      )}`,
    );
    type Activity = {
      event: string;
      auditable_type: string;
      record_type: string;
      auditable_id: number | null;
    };
    const exporter = (await get('exportador', '/v1/dashboard/recent_activity')).json<{ data: Activity[] }>()
      .data;
    expect(exporter.slice(0, 2)).toEqual([
      expect.objectContaining({
        event: 'Enviar para análise',
        auditable_type: 'Certificado de origem',
        record_type: 'certificate',
        auditable_id: seed.ids.draft,
      }),
      expect.objectContaining({ event: 'Criado', record_type: 'certificate', auditable_id: seed.ids.draft }),
    ]);
    for (const a of exporter) {
      expect(['session', 'api_token']).not.toContain(a.record_type);
      expect(['Login', 'Logout', 'Falha de login']).not.toContain(a.event);
      expect(a.event).not.toMatch(/token/i);
    }
    // The whole trail of the admin, sign-ins of every user included, shows none of them either.
    const admin = (await get('admin', '/v1/dashboard/recent_activity')).json<{ data: Activity[] }>().data;
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.some((a) => a.record_type === 'session' || a.event === 'Login')).toBe(false);
  });

  it('recent activity: an exporter sees only its own actions; an association its users', async () => {
    const exporter = (await get('exportador', '/v1/dashboard/recent_activity')).json().data;
    expect(exporter.length).toBeGreaterThan(0);
    expect(new Set(exporter.map((a: { user: string }) => a.user))).toEqual(new Set([exporter[0].user]));
    const sul = (await get('sul', '/v1/dashboard/recent_activity')).json().data;
    expect(sul.every((a: { user: string }) => a.user === 'sul')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.request('GET', '/v1/dashboard/total')).statusCode).toBe(401);
  });
});
