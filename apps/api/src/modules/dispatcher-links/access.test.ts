import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, countries, flowSteps, legalRepresentatives } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { buildWorld, insertParty, type LinkCalls, linkCalls, type World } from './test-support';

/**
 * The authorization matrix of a dispatcher (DOMAIN.md §2): the records of an exporter — the exporter itself, its
 * companies, its legal representatives — are out of its reach until a link is approved, within reach while the link
 * grants (approved, and while its deletion waits for confirmation), and out again on the very next request once the
 * link ends. Only the linked dispatcher gains; the link's other states grant nothing.
 */

let t: TestApp;
let w: World;
let c: LinkCalls;
const ids = { cafeCompany: 0, marina: 0, argentina: 0 };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  c = linkCalls(t, w);
  const [company] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.corporate_name, 'Importadora Rioplatense S.A.'));
  const [marina] = await t.db
    .select({ id: legalRepresentatives.id })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.name, 'Marina Tavares Lima'));
  const [ar] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'AR'));
  ids.cafeCompany = company?.id ?? 0;
  ids.marina = marina?.id ?? 0;
  ids.argentina = ar?.id ?? 0;
});
afterAll(() => t.close());

type Reach = Record<string, number | string[]>;

/** What one user reaches of Café Santista's records, read through the modules' own endpoints. */
async function reach(who: string): Promise<Reach> {
  const get = (url: string) => c.call('GET', url, who);
  const names = async (url: string, key: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ data: Record<string, string>[] }>().data.map((row) => row[key] ?? '');
  };
  const cafe = 'Café Santista Exportadora Ltda.';
  return {
    exporterList: (await names('/v1/exporter', 'name')).filter((n) => n === cafe),
    exporterOptions: (await names('/v2/exporter/all_by_id_v2', 'name')).filter((n) => n === cafe),
    exporterDetail: (await get(`/v1/exporter/${w.cafe}`)).statusCode,
    companies: await names(
      `/v2/company?corporate_name=${encodeURIComponent('Rioplatense')}`,
      'corporate_name',
    ),
    companyDetail: (await get(`/v1/company/${ids.cafeCompany}`)).statusCode,
    representatives: await names(`/v1/legal_representative?exporter_id=${w.cafe}`, 'name'),
    representativeDetail: (await get(`/v1/legal_representative/${ids.marina}`)).statusCode,
  };
}

const NONE: Reach = {
  exporterList: [],
  exporterOptions: [],
  exporterDetail: 404,
  companies: [],
  companyDetail: 404,
  representatives: [],
  representativeDetail: 404,
};
const ALL: Reach = {
  exporterList: ['Café Santista Exportadora Ltda.'],
  exporterOptions: ['Café Santista Exportadora Ltda.'],
  exporterDetail: 200,
  companies: ['Importadora Rioplatense S.A.'],
  companyDetail: 200,
  representatives: ['Marina Tavares Lima'],
  representativeDetail: 200,
};

const importer = (corporateName: string, exporterId?: number) =>
  multipart({
    company_type_id: 1,
    corporate_name: corporateName,
    foreign_tax_id: '30-71111222-3',
    country_id: ids.argentina,
    city: 'Rosario',
    ...(exporterId ? { exporter_id: exporterId } : {}),
  });

describe("a dispatcher and an exporter's records", () => {
  it('nothing before approval, everything while the link grants, nothing on the next request after deletion', async () => {
    expect(await reach('despachante')).toEqual(NONE);

    // Requested, then under the association's analysis: still nothing.
    const link = await c.created(await c.dispatcherAsks(w.cafe));
    expect(await reach('despachante')).toEqual(NONE);
    expect(
      (await c.call('PUT', `/v1/dispatcher_exporter_link/${link.id}/analysis`, 'exportador')).statusCode,
    ).toBe(200);
    expect(await reach('despachante')).toEqual(NONE);

    // Approved: the exporter, its companies and its representatives.
    expect(
      (await c.call('PUT', `/v1/dispatcher_exporter_link/${link.id}/approval`, 'analista')).statusCode,
    ).toBe(200);
    expect(await reach('despachante')).toEqual(ALL);
    // Only that dispatcher: another of the same association still sees nothing.
    expect(await reach('brisa')).toEqual(NONE);

    // It acts for the exporter: files a company in its book (and keeps its own book as before).
    const filed = await t.request('POST', '/v1/company', {
      token: w.tok.despachante,
      ...importer('Compradora de Rosario S.A.', w.cafe),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({
      exporter_id: w.cafe,
      dispatcher_id: null,
      trade_association_id: w.santos,
    });
    const own = await t.request('POST', '/v1/company', {
      token: w.tok.despachante,
      ...importer('Cliente Próprio do Despachante S.A.'),
    });
    expect(own.json()).toMatchObject({ exporter_id: null, dispatcher_id: w.porto });
    // The exporter sees the company the dispatcher filed for it.
    const exporterSees = await c.call('GET', `/v1/company/${filed.json().id}`, 'exportador');
    expect(exporterSees.statusCode).toBe(200);
    // Not for an exporter it has no link with.
    const refused = await t.request('POST', '/v1/company', {
      token: w.tok.despachante,
      ...importer('Compradora Sem Vínculo S.A.', w.acucar),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('exporter_id');

    // Deletion asked: the link still grants until the other side confirms.
    expect(
      (await c.call('PUT', `/v1/exporter_dispatcher/link/${link.id}/deletion`, 'exportador')).statusCode,
    ).toBe(200);
    expect(await reach('despachante')).toEqual(ALL);

    // Confirmed: gone on the very next request, the company it filed for the exporter included; its own stays.
    expect(
      (await c.call('DELETE', `/v1/dispatcher_exporter/link/${link.id}`, 'despachante')).statusCode,
    ).toBe(200);
    expect(await reach('despachante')).toEqual(NONE);
    expect((await c.call('GET', `/v1/company/${filed.json().id}`, 'despachante')).statusCode).toBe(404);
    expect((await c.call('GET', `/v1/company/${own.json().id}`, 'despachante')).statusCode).toBe(200);
    // Writing for the exporter is refused too.
    const late = await t.request('POST', '/v1/company', {
      token: w.tok.despachante,
      ...importer('Compradora Tardia S.A.', w.cafe),
    });
    expect(late.statusCode).toBe(422);
  });

  it('a disapproved or withdrawn request grants nothing', async () => {
    const disapproved = await c.created(await c.dispatcherAsks(w.cafe));
    await c.call('PUT', `/v1/dispatcher_exporter_link/${disapproved.id}/disapproval`, 'exportador');
    expect(await reach('despachante')).toEqual(NONE);
    const withdrawn = await c.created(await c.dispatcherAsks(w.cafe));
    await c.call('DELETE', `/v1/dispatcher_exporter/link/${withdrawn.id}`, 'despachante');
    expect(await reach('despachante')).toEqual(NONE);
  });

  it('the exporter and the staff reach the records whatever the links', async () => {
    const link = await c.approvedLink(w.cafe);
    expect(await reach('exportador')).toEqual(ALL);
    expect(await reach('analista')).toEqual(ALL);
    // An exporter never reaches another exporter's records through a shared dispatcher.
    await c.approvedLink(w.acucar, 'despachante', 'acucar');
    expect(await reach('acucar')).toEqual(NONE);
    await c.endLink(link.id);
    expect(await reach('exportador')).toEqual(ALL);
  });
});

describe('deleting a party', () => {
  it('ends its links through the flow, in the same commit: access goes with the party', async () => {
    const doomed = await insertParty(t, 'exporter', 'Exportadora Encerrada Ltda.', w.santos, null);
    const approved = await c.created(await c.dispatcherAsks(doomed, 'brisa'));
    const approval = await c.call('PUT', `/v1/dispatcher_exporter_link/${approved.id}/approval`, 'analista');
    expect(approval.statusCode, approval.body).toBe(200);
    const asked = await c.created(await c.dispatcherAsks(doomed));

    const removed = await c.call('DELETE', `/v1/exporter/${doomed}`, 'admin');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await c.stored(approved.id))?.status).toBe('EXCLUIDO');
    expect((await c.stored(asked.id))?.status).toBe('EXCLUIDO');
    const steps = await t.db
      .select()
      .from(flowSteps)
      .where(and(eq(flowSteps.flow, 'dispatcher_exporter_link'), eq(flowSteps.record_id, approved.id)));
    expect(steps.at(-1)).toMatchObject({
      action: 'end',
      from_status: 'APROVADO',
      to_status: 'EXCLUIDO',
      note: 'Cadastro de Exportadora Encerrada Ltda. excluído.',
    });
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
