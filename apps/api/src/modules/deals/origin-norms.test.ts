import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { auditsOf, dealIds, expectNothingChanged, FORBIDDEN, NOT_FOUND } from './testing';

let t: TestApp;
let admin: string;
let exporter: string;
let deal: Record<string, number>;

type Norm = {
  id: number;
  deal_id: number;
  deal: { id: number; abbreviation: string; name: string };
  name: string;
  legal_text: string | null;
  valid_from: string | null;
  valid_until: string | null;
};
type Page = { data: Norm[]; current_page: number; per_page: number; total: number; last_page: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  exporter = await t.login('exportador');
  deal = await dealIds(t, admin);
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (body: unknown, token = admin) => t.request('POST', '/v1/origin_norm', { token, body });
const put = (url: string, body: unknown, token = admin) => t.request('PUT', url, { token, body });
const del = (url: string, opts: { token?: string; body?: unknown } = {}) =>
  t.request('DELETE', url, { token: opts.token ?? admin, body: opts.body });

let seq = 0;
async function createNorm(overrides: Record<string, unknown> = {}): Promise<Norm> {
  seq += 1;
  const res = await post({
    deal_id: deal['ACE-58'],
    name: `Norma de teste ${seq}`,
    legal_text: `Anexo IV, Art. ${seq}`,
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Norm>();
}

async function normCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from origin_norms`);
  return row?.n ?? 0;
}

describe('reading norms', () => {
  it('GET /v1/origin_norm pages every norm, ordered by deal then name, with the deal', async () => {
    const res = await get('/v1/origin_norm?page=1', exporter);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: await normCount() });
    expect(page.data[0]).toMatchObject({
      deal: { abbreviation: 'ACE-2' },
      name: 'Regime de Origem do ACE-2',
    });
    const second = (await get('/v1/origin_norm?page=2', exporter)).json<Page>();
    expect(second.current_page).toBe(2);
    expect(second.data.map((n) => n.id)).not.toContain(page.data[0]?.id);
  });

  it('filters by deal and by part of the name (letter case ignored)', async () => {
    const byDeal = (await get(`/v1/origin_norm?deal_id=${deal['ACE-18']}`, exporter)).json<Page>();
    // Each name in its two versions (Dec. CMC 01/09, then 05/23 from 18 Jul 2024), oldest first.
    expect(byDeal.data.map((n) => [n.name, n.valid_from, n.valid_until])).toEqual([
      ['Regime de Origem do MERCOSUL', null, '2024-07-17'],
      ['Regime de Origem do MERCOSUL', '2024-07-18', null],
      ['Requisitos Específicos de Origem do MERCOSUL', null, '2024-07-17'],
      ['Requisitos Específicos de Origem do MERCOSUL', '2024-07-18', null],
    ]);
    const byName = (await get('/v1/origin_norm?name=mercosul–chile', exporter)).json<Page>();
    expect(byName.data.map((n) => n.deal.abbreviation)).toEqual(['ACE-35']);
    const both = (
      await get(`/v1/origin_norm?name=requisitos&deal_id=${deal['ACE-18']}`, exporter)
    ).json<Page>();
    expect(both.total).toBe(2);
    const none = (
      await get(`/v1/origin_norm?name=requisitos&deal_id=${deal['ACE-35']}`, exporter)
    ).json<Page>();
    expect(none).toMatchObject({ total: 0, data: [] });
  });

  it('GET /v1/origin_norm/{id} and get-norms-by-deal-id/{id}; 404 for what does not exist', async () => {
    const byDeal = await get(`/v1/origin_norm/get-norms-by-deal-id/${deal['ACE-36']}`, exporter);
    expect(byDeal.statusCode).toBe(200);
    const [norm] = byDeal.json<{ data: Norm[] }>().data;
    expect(norm).toMatchObject({
      name: 'Regime de Origem MERCOSUL–Bolívia',
      deal_id: deal['ACE-36'],
      deal: { abbreviation: 'ACE-36' },
    });
    const one = await get(`/v1/origin_norm/${norm?.id}`, exporter);
    expect(one.json()).toEqual(norm);
    expect((await get('/v1/origin_norm/999999')).json().message).toBe(NOT_FOUND);
    expect((await get('/v1/origin_norm/get-norms-by-deal-id/999999')).statusCode).toBe(404);
  });
});

describe('POST /v1/origin_norm', () => {
  it('creates a norm and audits it', async () => {
    const norm = await createNorm({ name: '  Acumulação de origem  ', legal_text: '' });
    expect(norm).toMatchObject({
      name: 'Acumulação de origem',
      legal_text: null,
      deal: { abbreviation: 'ACE-58' },
    });
    const [row] = await auditsOf(t, 'origin_norm', norm.id);
    expect(row?.event).toBe('created');
    expect(row?.new_values).toEqual({
      deal_id: deal['ACE-58'],
      name: 'Acumulação de origem',
      legal_text: null,
      non_originating_ceiling_percent: null,
      valid_from: null,
      valid_until: null,
    });
  });

  it('refuses a name the deal already has (any case), a missing name and an unknown deal, changing nothing', async () => {
    const taken = await expectNothingChanged(t, () =>
      post({ deal_id: deal['ACE-18'], name: 'REGIME DE ORIGEM DO MERCOSUL', legal_text: 'x' }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      name: ['Já existe uma norma com este nome neste acordo no mesmo período de vigência.'],
    });
    const empty = await expectNothingChanged(t, () => post({ deal_id: deal['ACE-18'], name: ' ' }));
    expect(empty.json().errors).toEqual({ name: ['Campo obrigatório.'] });
    const noDeal = await expectNothingChanged(t, () => post({ name: 'Sem acordo' }));
    expect(noDeal.json().errors).toEqual({ deal_id: ['Campo obrigatório.'] });
    const unknown = await expectNothingChanged(t, () =>
      post({ deal_id: 999999, name: 'Acordo inexistente' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ deal_id: ['Opção inválida.'] });
    const long = await expectNothingChanged(t, () =>
      post({ deal_id: deal['ACE-18'], name: 'x'.repeat(256) }),
    );
    expect(long.json().errors).toEqual({ name: ['Use no máximo 255 caracteres.'] });
  });

  it('the same name is fine in another deal', async () => {
    const res = await post({ deal_id: deal['ACE-58'], name: 'Regime de Origem do MERCOSUL' });
    expect(res.statusCode).toBe(201);
  });
});

describe('updating norms', () => {
  it('PUT /v1/origin_norm/{id} updates and audits only what changed', async () => {
    const norm = await createNorm();
    const res = await put(`/v1/origin_norm/${norm.id}`, {
      deal_id: norm.deal_id,
      name: norm.name,
      legal_text: 'Texto revisado',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: norm.id, legal_text: 'Texto revisado' });
    const [row] = await auditsOf(t, 'origin_norm', norm.id);
    expect(row?.event).toBe('updated');
    expect(row?.old_values).toEqual({ legal_text: norm.legal_text });
    expect(row?.new_values).toEqual({ legal_text: 'Texto revisado' });
  });

  it('PUT /v1/origin_norm/update-norm takes the id in the body, and may move the norm to another deal', async () => {
    const norm = await createNorm();
    const res = await put('/v1/origin_norm/update-norm', {
      id: norm.id,
      deal_id: deal['ACE-59'],
      name: 'Norma movida',
      legal_text: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: norm.id, deal: { abbreviation: 'ACE-59' }, name: 'Norma movida' });
    const [row] = await auditsOf(t, 'origin_norm', norm.id);
    expect(row?.new_values).toMatchObject({
      deal_id: deal['ACE-59'],
      name: 'Norma movida',
      legal_text: null,
    });
  });

  it('refuses a name taken in the target deal, unknown norms and bad bodies, changing nothing', async () => {
    const norm = await createNorm({ deal_id: deal['ACE-18'] });
    const taken = await expectNothingChanged(t, () =>
      put(`/v1/origin_norm/${norm.id}`, { deal_id: deal['ACE-18'], name: 'Regime de Origem do MERCOSUL' }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([
      'Já existe uma norma com este nome neste acordo no mesmo período de vigência.',
    ]);
    const missing = await expectNothingChanged(t, () =>
      put('/v1/origin_norm/update-norm', { id: 999999, deal_id: deal['ACE-18'], name: 'X' }),
    );
    expect(missing.statusCode).toBe(404);
    const noId = await expectNothingChanged(t, () =>
      put('/v1/origin_norm/update-norm', { deal_id: deal['ACE-18'], name: 'X' }),
    );
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors.id).toEqual(['Campo obrigatório.']);
    const badDeal = await expectNothingChanged(t, () =>
      put(`/v1/origin_norm/${norm.id}`, { deal_id: 999999, name: 'X' }),
    );
    expect(badDeal.json().errors).toEqual({ deal_id: ['Opção inválida.'] });
  });
});

describe('deleting norms', () => {
  it('DELETE /v1/origin_norm/{id} deletes and audits', async () => {
    const norm = await createNorm();
    const res = await del(`/v1/origin_norm/${norm.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Norma de origem excluída com sucesso!');
    expect((await get(`/v1/origin_norm/${norm.id}`)).statusCode).toBe(404);
    const [row] = await auditsOf(t, 'origin_norm', norm.id);
    expect(row?.event).toBe('deleted');
    expect(row?.old_values).toMatchObject({ name: norm.name });
    expect((await del(`/v1/origin_norm/${norm.id}`)).statusCode).toBe(404);
  });

  it('DELETE /v1/origin_norm/delete-norm takes the id from the body or the query string', async () => {
    const a = await createNorm();
    const b = await createNorm();
    expect((await del('/v1/origin_norm/delete-norm', { body: { id: a.id } })).statusCode).toBe(200);
    expect((await del(`/v1/origin_norm/delete-norm?id=${b.id}`)).statusCode).toBe(200);
    expect((await get(`/v1/origin_norm/${a.id}`)).statusCode).toBe(404);
    expect((await get(`/v1/origin_norm/${b.id}`)).statusCode).toBe(404);
    const none = await expectNothingChanged(t, () => del('/v1/origin_norm/delete-norm'));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ id: ['Campo obrigatório.'] });
  });

  it('a norm cited by another record is refused (409) and stays', async () => {
    const norm = await createNorm();
    await t.db.execute(
      sql`create table norm_citations (id serial primary key, origin_norm_id int not null references origin_norms(id))`,
    );
    await t.db.execute(sql`insert into norm_citations (origin_norm_id) values (${norm.id})`);
    for (const attempt of [
      () => del(`/v1/origin_norm/${norm.id}`),
      () => del('/v1/origin_norm/delete-norm', { body: { id: norm.id } }),
    ]) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Esta norma de origem está em uso e não pode ser excluída.');
    }
  });
});

describe('permissions', () => {
  it('anonymous callers get 401; an exporter reads but cannot write (403), changing nothing', async () => {
    expect((await t.request('GET', '/v1/origin_norm')).statusCode).toBe(401);
    expect((await get('/v1/origin_norm', exporter)).statusCode).toBe(200);
    const norm = await createNorm();
    const body = { deal_id: norm.deal_id, name: 'Tentativa', legal_text: null };
    const attempts = [
      () => post(body, exporter),
      () => put(`/v1/origin_norm/${norm.id}`, body, exporter),
      () => put('/v1/origin_norm/update-norm', { ...body, id: norm.id }, exporter),
      () => del(`/v1/origin_norm/${norm.id}`, { token: exporter }),
      () => del('/v1/origin_norm/delete-norm', { token: exporter, body: { id: norm.id } }),
    ];
    for (const attempt of attempts) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    }
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
