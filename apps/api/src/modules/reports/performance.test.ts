import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowSteps, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addAssociation, addUser, demoRefs } from '../declarations/test-support';
import { parseCsv } from './test-support';

let t: TestApp;
const tokens: Record<string, string> = {};

type Step = {
  flow: string;
  record: number;
  action: string;
  from: string | null;
  to: string;
  at: string;
  user: number;
};

beforeAll(async () => {
  t = await createTestApp();
  const r = await demoRefs(t.db);
  const other = await addAssociation(t.db, null, 'Associação do Norte');
  tokens.norte = await addUser(t, {
    email: 'norte@origem.local',
    role: 'analista',
    tradeAssociationId: other,
  });
  const [norte] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'norte@origem.local'));
  const a = r.users.analista;
  const b = norte?.id ?? 0;
  const steps: Step[] = [
    // Declaration 901: sent 10:00, approved 12:00 → 2 h.
    {
      flow: 'declaration',
      record: 901,
      action: 'send_analysis',
      from: 'RASCUNHO',
      to: 'ENVIADA',
      at: '2026-03-02T10:00:00-03:00',
      user: a,
    },
    {
      flow: 'declaration',
      record: 901,
      action: 'approve_delivery',
      from: 'EM_ANALISE',
      to: 'APROVADA',
      at: '2026-03-02T12:00:00-03:00',
      user: a,
    },
    // Declaration 902: sent 10:00, taken 11:00, reproved 16:00 → 6 h; sent again 08:00, approved 09:00 → 1 h.
    {
      flow: 'declaration',
      record: 902,
      action: 'send_analysis',
      from: 'RASCUNHO',
      to: 'ENVIADA',
      at: '2026-03-03T10:00:00-03:00',
      user: a,
    },
    {
      flow: 'declaration',
      record: 902,
      action: 'take',
      from: 'ENVIADA',
      to: 'EM_ANALISE',
      at: '2026-03-03T11:00:00-03:00',
      user: a,
    },
    {
      flow: 'declaration',
      record: 902,
      action: 'reject',
      from: 'EM_ANALISE',
      to: 'REPROVADA',
      at: '2026-03-03T16:00:00-03:00',
      user: a,
    },
    {
      flow: 'declaration',
      record: 902,
      action: 'send_analysis',
      from: 'REPROVADA',
      to: 'ENVIADA',
      at: '2026-03-04T08:00:00-03:00',
      user: a,
    },
    {
      flow: 'declaration',
      record: 902,
      action: 'approve_delivery',
      from: 'EM_ANALISE',
      to: 'APROVADA',
      at: '2026-03-04T09:00:00-03:00',
      user: a,
    },
    // Certificate 903: sent, approved a day later → 24 h.
    {
      flow: 'certificate',
      record: 903,
      action: 'send_analysis',
      from: 'RASCUNHO',
      to: 'ENVIADO',
      at: '2026-03-05T10:00:00-03:00',
      user: a,
    },
    {
      flow: 'certificate',
      record: 903,
      action: 'approve',
      from: 'EM_ANALISE',
      to: 'EMITIDO',
      at: '2026-03-06T10:00:00-03:00',
      user: a,
    },
    // Certificate 904: decided in April (Brasília) → 5 h, another month.
    {
      flow: 'certificate',
      record: 904,
      action: 'send_analysis',
      from: 'RASCUNHO',
      to: 'ENVIADO',
      at: '2026-03-31T20:00:00-03:00',
      user: a,
    },
    {
      flow: 'certificate',
      record: 904,
      action: 'reprove',
      from: 'EM_ANALISE',
      to: 'REPROVADO',
      at: '2026-04-01T01:00:00-03:00',
      user: a,
    },
    // Another association's analyst: 30 min.
    {
      flow: 'certificate',
      record: 905,
      action: 'send_analysis',
      from: 'RASCUNHO',
      to: 'ENVIADO',
      at: '2026-03-10T10:00:00-03:00',
      user: b,
    },
    {
      flow: 'certificate',
      record: 905,
      action: 'approve',
      from: 'EM_ANALISE',
      to: 'EMITIDO',
      at: '2026-03-10T10:30:00-03:00',
      user: b,
    },
  ];
  for (const s of steps) {
    await t.db.insert(flowSteps).values({
      flow: s.flow,
      record_id: s.record,
      action: s.action,
      from_status: s.from,
      to_status: s.to,
      user_id: s.user,
      created_at: new Date(s.at),
    });
  }
  for (const role of ['admin', 'associacao', 'exportador']) tokens[role] = await t.login(role);
}, 60_000);
afterAll(async () => t?.close());

async function csv(role: string, query = '') {
  const res = await t.request('GET', `/v1/audit/export_performance_csv${query}`, { token: tokens[role] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toBe('attachment; filename="performance_audit.csv"');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parseCsv(res.rawPayload.toString('utf8').slice(1)).filter((row) => row.length > 1);
}

describe('GET /v1/audit/export_performance_csv', () => {
  it('per analyst and month: decisions counted, median from the latest sending to the decision', async () => {
    // The demo seed's own decisions are of the seeding day: the months below are this test's alone.
    const [header, ...rows] = await csv('admin', '?start_date=2026-03-01&end_date=2026-04-30');
    expect(header).toEqual([
      'Mês',
      'Analista',
      'E-mail',
      'Declarações analisadas',
      'Mediana declarações (horas)',
      'Certificados analisados',
      'Mediana certificados (horas)',
    ]);
    const mine = rows.filter((row) => row[2] === 'analista@origem.local');
    // March: declarations 2 h, 6 h, 1 h → median 2; certificate 24 h. April: the 5 h reproval.
    expect(mine.map((row) => [row[0], row[3], row[4], row[5], row[6]])).toEqual([
      ['03/2026', '3', '2,0', '1', '24,0'],
      ['04/2026', '0', '', '1', '5,0'],
    ]);
    expect(rows.find((row) => row[2] === 'norte@origem.local')?.slice(3)).toEqual(['0', '', '1', '0,5']);
  });

  it('the period filters by the day of the decision (Brasília), and the scope is the audit trail’s', async () => {
    const march = await csv('admin', '?start_date=2026-03-01&end_date=2026-03-31');
    expect(march.slice(1).map((row) => row[0])).toEqual(['03/2026', '03/2026']);
    const santos = await csv('associacao', '?start_date=2026-03-01&end_date=2026-04-30');
    expect(santos.slice(1).map((row) => row[2])).toEqual(['analista@origem.local', 'analista@origem.local']);
    const forbidden = await t.request('GET', '/v1/audit/export_performance_csv', {
      token: tokens.exportador,
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.request('GET', '/v1/audit/export_performance_csv?start_date=31/03/2026', {
      token: tokens.admin,
    });
    expect(bad.statusCode).toBe(422);
  });
});
