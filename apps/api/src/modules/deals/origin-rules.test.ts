import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { auditsOf, dealIds, expectNothingChanged, FORBIDDEN, NOT_FOUND } from './testing';

let t: TestApp;
const tok: Record<string, string> = {};
let deal: Record<string, number>;

type Rule = {
  id: number;
  deal_id: number;
  deal: { id: number; abbreviation: string; name: string };
  code: string;
  description: string;
  valid_from: string | null;
  valid_until: string | null;
};
type Page = { data: Rule[]; current_page: number; per_page: number; total: number; last_page: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'analista', 'exportador', 'associacao']) tok[role] = await t.login(role);
  deal = await dealIds(t, tok.admin ?? '');
});
afterAll(() => t.close());

const get = (url: string, token = tok.admin) => t.request('GET', url, { token });
const post = (body: unknown, token = tok.admin) => t.request('POST', '/v1/origin_rule', { token, body });
const put = (id: number, body: unknown, token = tok.admin) =>
  t.request('PUT', `/v1/origin_rule/${id}`, { token, body });
const del = (id: number, token = tok.admin) => t.request('DELETE', `/v1/origin_rule/${id}`, { token });

let seq = 0;
async function createRule(overrides: Record<string, unknown> = {}): Promise<Rule> {
  seq += 1;
  const res = await post({
    deal_id: deal['ACE-72'],
    code: `X${seq}`,
    description: `Critério de teste ${seq}`,
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Rule>();
}

async function ruleCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from origin_rules`);
  return row?.n ?? 0;
}

describe('reading rules', () => {
  it('GET /v1/origin_rule pages every rule, by deal then code, with its deal', async () => {
    const res = await get('/v1/origin_rule?page=1');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: await ruleCount() });
    // 12 deals × 4 criteria, SGP's 2, and MERCOSUL's ST, CR and RE in a second version since 18 Jul 2024.
    expect(page.total).toBe(49);
    expect(page.data.slice(0, 4).map((r) => `${r.deal.abbreviation} ${r.code}`)).toEqual([
      'ACE-2 CR',
      'ACE-2 RE',
      'ACE-2 ST',
      'ACE-2 TO',
    ]);
    const filtered = (await get(`/v1/origin_rule?deal_id=${deal.SGP}`)).json<Page>();
    expect(filtered.data.map((r) => r.code)).toEqual(['P', 'W']);
    const searched = (await get(`/v1/origin_rule?q=salto&deal_id=${deal['ACE-18']}`)).json<Page>();
    expect(searched.data.map((r) => [r.code, r.valid_from, r.valid_until])).toEqual([
      ['ST', null, '2024-07-17'],
      ['ST', '2024-07-18', null],
    ]);
  });

  it('GET /v1/origin_rule/all lists them unpaged, optionally for one deal; GET /{id} reads one', async () => {
    const all = await get('/v1/origin_rule/all', tok.analista);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(await ruleCount());
    const ofDeal = (await get(`/v1/origin_rule/all?deal_id=${deal['ACE-35']}`)).json<{ data: Rule[] }>().data;
    expect(ofDeal.map((r) => r.code)).toEqual(['CR', 'RE', 'ST', 'TO']);
    const one = await get(`/v1/origin_rule/${ofDeal[0]?.id}`, tok.analista);
    expect(one.json()).toEqual(ofDeal[0]);
    expect((await get('/v1/origin_rule/999999')).json().message).toBe(NOT_FOUND);
  });
});

describe('writing rules', () => {
  it('an analyst creates, updates and deletes a rule, each audited', async () => {
    const created = await post(
      { deal_id: deal['ACE-72'], code: ' AC ', description: 'Acumulação de origem' },
      tok.analista,
    );
    expect(created.statusCode).toBe(201);
    const rule = created.json<Rule>();
    expect(rule).toMatchObject({ code: 'AC', deal: { abbreviation: 'ACE-72' } });
    const updated = await put(
      rule.id,
      { deal_id: deal['ACE-72'], code: 'AC', description: 'Acumulação bilateral de origem' },
      tok.analista,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().description).toBe('Acumulação bilateral de origem');
    const removed = await del(rule.id, tok.analista);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Regra de origem excluída com sucesso!');
    expect((await get(`/v1/origin_rule/${rule.id}`)).statusCode).toBe(404);
    const rows = await auditsOf(t, 'origin_rule', rule.id);
    expect(rows.map((r) => r.event)).toEqual(['deleted', 'updated', 'created']);
    expect(rows[1]?.old_values).toEqual({ description: 'Acumulação de origem' });
    expect(rows[1]?.new_values).toEqual({ description: 'Acumulação bilateral de origem' });
  });

  it('a code is unique per deal (any case): 422 on the field, changing nothing; other deals may reuse it', async () => {
    const dup = await expectNothingChanged(t, () =>
      post({ deal_id: deal['ACE-18'], code: 'to', description: 'Outro totalmente obtido' }),
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({
      code: ['Já existe uma regra com este código neste acordo no mesmo período de vigência.'],
    });
    const rule = await createRule({ code: 'ZZ' });
    const clash = await expectNothingChanged(t, () =>
      put(rule.id, { deal_id: deal['ACE-72'], code: 'St', description: 'x' }),
    );
    expect(clash.json().errors).toEqual({
      code: ['Já existe uma regra com este código neste acordo no mesmo período de vigência.'],
    });
    await createRule({ deal_id: deal['ACE-35'], code: 'ZZ' });
  });

  it('validates the body in Portuguese and refuses unknown deals and rules, changing nothing', async () => {
    const empty = await expectNothingChanged(t, () => post({ code: '', description: '' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      deal_id: ['Campo obrigatório.'],
      code: ['Campo obrigatório.'],
      description: ['Campo obrigatório.'],
    });
    const long = await expectNothingChanged(t, () =>
      post({ deal_id: deal['ACE-18'], code: 'X'.repeat(21), description: 'x' }),
    );
    expect(long.json().errors).toEqual({ code: ['Use no máximo 20 caracteres.'] });
    const unknownDeal = await expectNothingChanged(t, () =>
      post({ deal_id: 999999, code: 'NV', description: 'x' }),
    );
    expect(unknownDeal.json().errors).toEqual({ deal_id: ['Opção inválida.'] });
    const unknownRule = await expectNothingChanged(t, () =>
      put(999999, { deal_id: deal['ACE-18'], code: 'NV', description: 'x' }),
    );
    expect(unknownRule.statusCode).toBe(404);
    expect((await del(999999)).statusCode).toBe(404);
  });

  it('a rule cited by another record is refused (409) and stays', async () => {
    const rule = await createRule();
    await t.db.execute(
      sql`create table rule_citations (id serial primary key, origin_rule_id int not null references origin_rules(id))`,
    );
    await t.db.execute(sql`insert into rule_citations (origin_rule_id) values (${rule.id})`);
    const res = await expectNothingChanged(t, () => del(rule.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Esta regra de origem está em uso e não pode ser excluída.');
  });
});

describe('rules in force by date (issue 36)', () => {
  type Version = Rule & { valid_from: string | null; valid_until: string | null };
  const version = (id: number, body: unknown, token = tok.admin) =>
    t.request('POST', `/v1/origin_rule/${id}/version`, { token, body });

  it('a new version from a day closes the current one the day before; both stay, each audited', async () => {
    const rule = await createRule({ code: 'VG', description: 'Conteúdo regional: até 40% do FOB.' });
    const res = await version(rule.id, {
      valid_from: '2024-07-18',
      description: 'Conteúdo regional: até 45% do FOB.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Version>();
    expect(created).toMatchObject({
      code: 'VG',
      description: 'Conteúdo regional: até 45% do FOB.',
      valid_from: '2024-07-18',
      valid_until: null,
    });
    const old = (await get(`/v1/origin_rule/${rule.id}`)).json<Version>();
    expect(old).toMatchObject({ valid_from: null, valid_until: '2024-07-17', description: rule.description });
    expect((await auditsOf(t, 'origin_rule', rule.id))[0]).toMatchObject({
      event: 'updated',
      old_values: { valid_until: null },
      new_values: { valid_until: '2024-07-17' },
    });
    expect((await auditsOf(t, 'origin_rule', created.id))[0]?.event).toBe('created');

    const history = await get(`/v1/origin_rule/${created.id}/history`, tok.analista);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((v: Version) => [v.id, v.valid_from, v.valid_until])).toEqual([
      [rule.id, null, '2024-07-17'],
      [created.id, '2024-07-18', null],
    ]);
    expect(history.json().data[0]).toMatchObject({ certificates_count: 0, certificates: [] });

    // Not before the current version's start; and the code cannot have two versions on one day.
    const early = await expectNothingChanged(t, () =>
      version(created.id, { valid_from: '2024-07-18', description: 'x' }),
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({
      valid_from: ['A nova vigência deve começar depois do início da atual (18/07/2024).'],
    });
    const overlapping = await expectNothingChanged(t, () =>
      post({
        deal_id: deal['ACE-72'],
        code: 'vg',
        description: 'x',
        valid_from: '2024-01-01',
        valid_until: '2024-12-31',
      }),
    );
    expect(overlapping.json().errors).toEqual({
      code: ['Já existe uma regra com este código neste acordo no mesmo período de vigência.'],
    });
    // Periods that do not meet may share a code.
    for (const period of [{ valid_until: '2010-12-31' }, { valid_from: '2011-01-01' }]) {
      const res = await post({ deal_id: deal['ACE-72'], code: 'VH', description: 'x', ...period });
      expect(res.statusCode, res.body).toBe(201);
    }
    const backwards = await expectNothingChanged(t, () =>
      post({
        deal_id: deal['ACE-72'],
        code: 'VX',
        description: 'x',
        valid_from: '2024-02-01',
        valid_until: '2024-01-01',
      }),
    );
    expect(backwards.json().errors).toEqual({
      valid_until: ['O fim da vigência não pode ser anterior ao início.'],
    });
    const forbidden = await expectNothingChanged(t, () =>
      version(created.id, { valid_from: '2030-01-01', description: 'x' }, tok.associacao),
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('permissions (SPEC §6: origin rules are for admin and analista only)', () => {
  it('an exporter and an association user can neither read nor write rules (403), changing nothing', async () => {
    const rule = await createRule();
    const body = { deal_id: deal['ACE-72'], code: 'NP', description: 'x' };
    for (const role of ['exportador', 'associacao']) {
      const token = tok[role];
      for (const url of ['/v1/origin_rule', '/v1/origin_rule/all', `/v1/origin_rule/${rule.id}`]) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORBIDDEN);
      }
      for (const attempt of [
        () => post(body, token),
        () => put(rule.id, body, token),
        () => del(rule.id, token),
      ]) {
        const res = await expectNothingChanged(t, attempt);
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await t.request('GET', '/v1/origin_rule')).statusCode).toBe(401);
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
