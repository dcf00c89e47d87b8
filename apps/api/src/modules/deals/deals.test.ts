import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateModels,
  dealCountries,
  originNorms,
  tradeAssociationFees,
  tradeAssociations,
} from '../../db/schema';
import { SEEDED_DEALS, seedDeals } from '../../db/seed/deals';
import { createTestApp, type TestApp } from '../../test/app';
import { auditsOf, countryIds, dealIds, expectNothingChanged, FORBIDDEN, NOT_FOUND } from './testing';

let t: TestApp;
let admin: string;
let exporter: string;
let deal: Record<string, number>;
let country: Record<string, number>;

type DealBody = {
  id: number;
  abbreviation: string;
  name: string;
  aladi_acronym: string | null;
  classification_type: string;
  accepts_digital: boolean;
  active: boolean;
  countries: { id: number; code: string; name: string }[];
  norms: { id: number; name: string; legal_text: string | null }[];
  norms_count: number;
  rules_count: number;
  certificate_model: { id: number; name: string } | null;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  exporter = await t.login('exportador');
  deal = await dealIds(t, admin);
  country = await countryIds(t, admin);
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (url: string, body: unknown, token = admin) => t.request('POST', url, { token, body });
const put = (url: string, body: unknown, token = admin) => t.request('PUT', url, { token, body });
const del = (url: string, token = admin) => t.request('DELETE', url, { token });

let seq = 0;
/** A valid deal body with a unique abbreviation. */
function newDeal(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    abbreviation: `ace-9${seq}`,
    name: `Acordo de Teste ${seq}`,
    aladi_acronym: `x${String(seq).padStart(2, '0')}`,
    form: 'Formulário de teste',
    classification_type: 'SH 2017',
    accepts_digital: false,
    declaration_validity_days: 180,
    certificate_validity_months: 12,
    country_ids: [country.MX, country.PA],
    ...overrides,
  };
}

async function createDeal(overrides: Record<string, unknown> = {}): Promise<DealBody> {
  const res = await post('/v1/deal', newDeal(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<DealBody>();
}

describe('seeded deals', () => {
  it('are the twelve agreements, in natural abbreviation order, with their partner countries', async () => {
    const res = await get('/v1/deal/all', exporter);
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: { abbreviation: string }[] }>().data;
    expect(rows.map((d) => d.abbreviation)).toEqual([
      'ACE-2',
      'ACE-14',
      'ACE-18',
      'ACE-35',
      'ACE-36',
      'ACE-58',
      'ACE-59',
      'ACE-72',
      'ACE-74',
      'MERCOSUL-EGITO',
      'MERCOSUL-ISRAEL',
      'SGP',
    ]);
    const mercosul = (await get(`/v1/deal/${deal['ACE-18']}`, exporter)).json<DealBody>();
    expect(mercosul).toMatchObject({
      abbreviation: 'ACE-18',
      aladi_acronym: 'A18',
      classification_type: 'NCM',
      accepts_digital: true,
      declaration_validity_days: 180,
      certificate_validity_months: 12,
      // TO, and ST, CR and RE before and after the new regime of 18 Jul 2024; two norms in two versions each.
      rules_count: 7,
      norms_count: 4,
    });
    expect(mercosul.countries.map((c) => c.name)).toEqual(['Argentina', 'Paraguai', 'Uruguai']);
    expect(mercosul.norms.filter((n) => n.name === 'Regime de Origem do MERCOSUL')).toEqual([
      expect.objectContaining({
        legal_text: 'Regime de Origem do MERCOSUL — Decisão CMC nº 01/09, Art. 3º',
        valid_from: null,
        valid_until: '2024-07-17',
        non_originating_ceiling_percent: '40.00',
      }),
      expect.objectContaining({
        legal_text:
          'Regime de Origem do MERCOSUL — Decisão CMC nº 05/23 (218º Protocolo Adicional ao ACE 18, Decreto nº 12.058/2024)',
        valid_from: '2024-07-18',
        valid_until: null,
        non_originating_ceiling_percent: '45.00',
      }),
    ]);
    for (const seeded of SEEDED_DEALS) {
      const body = (await get(`/v1/deal/${deal[seeded.abbreviation]}`)).json<DealBody>();
      expect(body.countries.map((c) => c.code).sort()).toEqual([...seeded.partners].sort());
      expect(body.norms.length).toBeGreaterThan(0);
      expect(body.rules_count).toBeGreaterThan(0);
    }
  });

  it('seeding again inserts nothing; a seeded deal that went missing comes back with its partners', async () => {
    await expectNothingChanged(t, () => t.db.transaction((tx) => seedDeals(tx)));
    const sgp = deal.SGP ?? 0;
    // Whatever other seeds hung on it (association fees, certificate model) goes first.
    await t.db.execute(sql`delete from trade_association_fees where deal_id = ${sgp}`);
    await t.db.execute(sql`delete from certificate_models where deal_id = ${sgp}`);
    await t.db.execute(sql`delete from origin_rules where deal_id = ${sgp}`);
    await t.db.execute(sql`delete from origin_norms where deal_id = ${sgp}`);
    await t.db.execute(sql`delete from deals where id = ${sgp}`);
    await t.db.transaction((tx) => seedDeals(tx));
    deal = await dealIds(t, admin);
    expect(deal.SGP).not.toBe(sgp);
    const back = (await get(`/v1/deal/${deal.SGP}`)).json<DealBody>();
    expect(back.countries.map((c) => c.code)).toEqual(['NO', 'RU', 'CH', 'TR']);
    expect(back.rules_count).toBe(2);
  });

  it('GET /v1/deal_signature lists the active deals that exchange COD: ACE 02, 14, 18, 72 and 74', async () => {
    const res = await get('/v1/deal_signature', exporter);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { abbreviation: string }) => d.abbreviation)).toEqual([
      'ACE-2',
      'ACE-14',
      'ACE-18',
      'ACE-72',
      'ACE-74',
    ]);
  });

  it('each COD deal carries its ALADI form (Annex 3) and versions; ACE 35, 36, 58 and 59 none', async () => {
    const cod = async (abbreviation: string) => {
      const d = (await get(`/v1/deal/${deal[abbreviation]}`)).json<DealBody & Record<string, unknown>>();
      return {
        accepts_digital: d.accepts_digital,
        cod_form: d.cod_form,
        cod_automotive_form: d.cod_automotive_form,
        versions: d.cod_versions,
      };
    };
    const v183 = [{ version: '1.8.3', valid_from: '2021-12-01' }];
    expect(await cod('ACE-2')).toEqual({
      accepts_digital: true,
      cod_form: null,
      cod_automotive_form: 'A18',
      versions: v183,
    });
    expect(await cod('ACE-14')).toEqual({
      accepts_digital: true,
      cod_form: 'A14',
      cod_automotive_form: 'A18',
      versions: v183,
    });
    expect(await cod('ACE-18')).toMatchObject({ cod_form: 'A18', cod_automotive_form: null, versions: v183 });
    expect(await cod('ACE-72')).toMatchObject({ cod_form: 'A72', versions: v183 });
    expect(await cod('ACE-74')).toMatchObject({
      cod_form: 'A18',
      versions: [{ version: '4.1.0', valid_from: '2025-12-01' }],
    });
    const ace14 = (await get(`/v1/deal/${deal['ACE-14']}`)).json<{ cod_automotive_ncm: string[] }>();
    expect(ace14.cod_automotive_ncm).toContain('87');
    for (const paper of ['ACE-35', 'ACE-36', 'ACE-58', 'ACE-59']) {
      expect(await cod(paper)).toEqual({
        accepts_digital: false,
        cod_form: null,
        cod_automotive_form: null,
        versions: [],
      });
    }
  });
});

describe('GET /v1/deal', () => {
  it('pages in abbreviation order and filters by abbreviation (any case, part of it)', async () => {
    const page = await get('/v1/deal?page=1', exporter);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 15, last_page: 1 });
    expect(body.total).toBeGreaterThanOrEqual(12);
    expect(body.data[0].abbreviation).toBe('ACE-2');
    const filtered = (await get('/v1/deal?abbreviation=ace-1', exporter)).json();
    expect(filtered.data.map((d: { abbreviation: string }) => d.abbreviation)).toEqual(['ACE-14', 'ACE-18']);
    expect(filtered.total).toBe(2);
    const none = (await get('/v1/deal?abbreviation=%25', exporter)).json();
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('returns the certificate model of a deal when there is one', async () => {
    const created = await createDeal();
    expect(created.certificate_model).toBeNull();
    const [model] = await t.db
      .insert(certificateModels)
      .values({ deal_id: created.id, name: 'Modelo de teste', fields: {}, layout: {} })
      .returning({ id: certificateModels.id });
    const body = (await get(`/v1/deal/${created.id}`)).json<DealBody>();
    expect(body.certificate_model).toEqual({ id: model?.id, name: 'Modelo de teste' });
    const option = (await get('/v1/deal/all')).json().data.find((d: { id: number }) => d.id === created.id);
    expect(option.certificate_model).toEqual({ id: model?.id, name: 'Modelo de teste' });
  });

  it('answers 404 for a deal that does not exist', async () => {
    const res = await get('/v1/deal/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND);
  });
});

describe('POST /v1/deal', () => {
  it('creates a deal with its partner countries, upper-casing the codes, and audits it', async () => {
    const res = await post('/v1/deal', newDeal({ abbreviation: ' ace-901 ', aladi_acronym: 'a91' }));
    expect(res.statusCode).toBe(201);
    const body = res.json<DealBody>();
    expect(body).toMatchObject({
      abbreviation: 'ACE-901',
      aladi_acronym: 'A91',
      classification_type: 'SH 2017',
      active: true,
      norms: [],
      rules_count: 0,
      certificate_model: null,
    });
    expect(body.countries.map((c) => c.code)).toEqual(['MX', 'PA']);
    const [row] = await auditsOf(t, 'deal', body.id);
    expect(row?.event).toBe('created');
    expect(row?.new_values).toMatchObject({ abbreviation: 'ACE-901', countries: ['MX', 'PA'] });
    const listed = (await get('/v1/deal?abbreviation=ACE-901')).json();
    expect(listed.data[0].countries.map((c: { name: string }) => c.name)).toEqual(['México', 'Panamá']);
  });

  it('refuses invalid bodies with Portuguese field messages, changing nothing', async () => {
    const res = await expectNothingChanged(t, () =>
      post('/v1/deal', {
        abbreviation: '',
        name: '',
        aladi_acronym: 'ACE18',
        classification_type: 'HS 1992',
        declaration_validity_days: 0,
        certificate_validity_months: 500,
        country_ids: ['x'],
      }),
    );
    expect(res.statusCode).toBe(422);
    const { code, errors } = res.json();
    expect(code).toBe('ValidationError');
    expect(errors.abbreviation).toEqual(['Campo obrigatório.']);
    expect(errors.name).toEqual(['Campo obrigatório.']);
    expect(errors.aladi_acronym).toEqual(['Use a sigla ALADI de 3 caracteres (ex.: A18).']);
    expect(errors.classification_type).toEqual(['Opção inválida.']);
    expect(errors.declaration_validity_days).toEqual(['Informe um número de dias entre 1 e 3650.']);
    expect(errors.certificate_validity_months).toEqual(['Informe um número de meses entre 1 e 120.']);
    expect(Object.keys(errors)).toContain('country_ids.0');

    const missing = await post('/v1/deal', { name: 'Sem sigla' });
    expect(missing.json().errors.classification_type).toEqual(['Campo obrigatório.']);
    const symbols = await post('/v1/deal', newDeal({ abbreviation: 'ACE#18' }));
    expect(symbols.json().errors.abbreviation).toEqual([
      'Use letras, números, espaço, ".", "-" ou "/" (ex.: ACE-18).',
    ]);
  });

  it('refuses a taken abbreviation (any letter case) and an unknown country with 422, changing nothing', async () => {
    const taken = await expectNothingChanged(t, () => post('/v1/deal', newDeal({ abbreviation: 'ace-18' })));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ abbreviation: ['Já existe um acordo com esta sigla.'] });
    const unknown = await expectNothingChanged(t, () => post('/v1/deal', newDeal({ country_ids: [999999] })));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.country_ids).toEqual([
      'Um dos países escolhidos não existe mais. Atualize a página e escolha de novo.',
    ]);
  });
});

describe('PUT /v1/deal/{id}', () => {
  it('updates the deal and replaces its partner countries; the audit row holds only what changed', async () => {
    const created = await createDeal();
    const res = await put(
      `/v1/deal/${created.id}`,
      newDeal({
        abbreviation: created.abbreviation,
        name: 'Acordo renomeado',
        aladi_acronym: 'A72',
        accepts_digital: true,
        cod_form: 'A72',
        cod_versions: [{ version: '1.8.3', valid_from: '2025-01-01' }],
        country_ids: [country.PA, country.CU, country.CU],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<DealBody>();
    expect(body).toMatchObject({ name: 'Acordo renomeado', accepts_digital: true });
    expect(body.countries.map((c) => c.code)).toEqual(['CU', 'PA']);
    const [row] = await auditsOf(t, 'deal', created.id);
    expect(row?.event).toBe('updated');
    expect(row?.old_values).toEqual({
      name: created.name,
      aladi_acronym: created.aladi_acronym,
      accepts_digital: false,
      cod_form: null,
      cod_versions: [],
      countries: ['MX', 'PA'],
    });
    expect(row?.new_values).toEqual({
      name: 'Acordo renomeado',
      aladi_acronym: 'A72',
      accepts_digital: true,
      cod_form: 'A72',
      cod_versions: [{ version: '1.8.3', valid_from: '2025-01-01' }],
      countries: ['CU', 'PA'],
    });
    const signature = (await get('/v1/deal_signature')).json().data.map((d: { id: number }) => d.id);
    expect(signature).toContain(created.id);
  });

  it('an inactive deal leaves the digital signature list', async () => {
    const cod = {
      aladi_acronym: 'A18',
      accepts_digital: true,
      cod_form: 'A18',
      cod_versions: [{ version: '1.8.3', valid_from: '2025-01-01' }],
    };
    const created = await createDeal(cod);
    const res = await put(
      `/v1/deal/${created.id}`,
      newDeal({ abbreviation: created.abbreviation, ...cod, active: false }),
    );
    expect(res.statusCode).toBe(200);
    const signature = (await get('/v1/deal_signature')).json().data.map((d: { id: number }) => d.id);
    expect(signature).not.toContain(created.id);
  });

  it('refuses another deal’s abbreviation and unknown deals, changing nothing', async () => {
    const created = await createDeal();
    const taken = await expectNothingChanged(t, () =>
      put(`/v1/deal/${created.id}`, newDeal({ abbreviation: 'Sgp' })),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.abbreviation).toEqual(['Já existe um acordo com esta sigla.']);
    const missing = await expectNothingChanged(t, () => put('/v1/deal/999999', newDeal()));
    expect(missing.statusCode).toBe(404);
  });
});

describe('COD settings (issue 36)', () => {
  const cod = (overrides: Record<string, unknown> = {}) =>
    newDeal({
      aladi_acronym: 'A18',
      accepts_digital: true,
      cod_form: 'A18',
      cod_versions: [{ version: '1.8.3', valid_from: '2021-12-01' }],
      ...overrides,
    });

  it('a deal that accepts digital certificates needs its acronym, a form and a version; each refusal on its field', async () => {
    const bare = await expectNothingChanged(t, () =>
      post('/v1/deal', newDeal({ aladi_acronym: null, accepts_digital: true })),
    );
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      aladi_acronym: ['Informe a sigla ALADI: o COD e o CertificateID a usam.'],
      cod_form: ['Escolha o formulário COD do acordo (ou o dos bens automotivos).'],
      cod_versions: ['Informe ao menos uma versão do COD, com a data a partir da qual vale.'],
    });
    const a74 = await expectNothingChanged(t, () =>
      post(
        '/v1/deal',
        cod({
          aladi_acronym: 'A74',
          cod_versions: [
            { version: '1.8.3', valid_from: '2025-01-01' },
            { version: '4.1.0', valid_from: '2025-01-01' },
          ],
        }),
      ),
    );
    expect(a74.json().errors).toEqual({
      'cod_versions.0.version': ['A versão 1.8.3 do COD não inclui o acordo A74: escolha outra versão.'],
      'cod_versions.1.valid_from': ['Duas versões não podem começar no mesmo dia.'],
    });
    const automotive = await expectNothingChanged(t, () =>
      post('/v1/deal', cod({ cod_form: null, cod_automotive_form: 'A18', cod_automotive_ncm: [] })),
    );
    expect(automotive.json().errors).toEqual({
      cod_automotive_ncm: [
        'Informe a lista automotiva do acordo (capítulos, posições ou NCM): ela decide quais itens usam o formulário automotivo.',
      ],
    });
    const malformed = await expectNothingChanged(t, () =>
      post(
        '/v1/deal',
        cod({
          cod_form: 'A35',
          cod_automotive_ncm: ['8x'],
          cod_versions: [{ version: '2.0', valid_from: '' }],
        }),
      ),
    );
    expect(malformed.json().errors).toEqual({
      cod_form: ['Escolha um formulário COD: A14, A18, A72.'],
      'cod_automotive_ncm.0': ['Use de 2 a 8 dígitos da NCM (ex.: 87, 8407.3, 8708.29.99).'],
      'cod_versions.0.version': ['Escolha uma versão do COD: 1.8.3 ou 4.1.0.'],
      'cod_versions.0.valid_from': ['Informe a data a partir da qual a versão vale.'],
    });
  });

  it('an administrator moves a deal to 4.1.0 from a date: the versions keep their order, audited', async () => {
    const created = await createDeal(
      cod({ cod_automotive_form: 'A18', cod_automotive_ncm: ['8708.29', '87'] }),
    );
    expect(created).toMatchObject({ cod_automotive_ncm: ['87', '870829'] });
    const moved = await put(
      `/v1/deal/${created.id}`,
      cod({
        abbreviation: created.abbreviation,
        name: created.name,
        cod_automotive_form: 'A18',
        cod_automotive_ncm: ['87', '870829'],
        cod_versions: [
          { version: '4.1.0', valid_from: '2027-03-01' },
          { version: '1.8.3', valid_from: '2021-12-01' },
        ],
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().cod_versions).toEqual([
      { version: '1.8.3', valid_from: '2021-12-01' },
      { version: '4.1.0', valid_from: '2027-03-01' },
    ]);
    const [row] = await auditsOf(t, 'deal', created.id);
    expect(row?.old_values).toEqual({ cod_versions: [{ version: '1.8.3', valid_from: '2021-12-01' }] });
    expect(row?.new_values).toEqual({
      cod_versions: [
        { version: '1.8.3', valid_from: '2021-12-01' },
        { version: '4.1.0', valid_from: '2027-03-01' },
      ],
    });
  });
});

describe('DELETE /v1/deal/{id}', () => {
  it('deletes an unused deal with its partner links, and audits it', async () => {
    const created = await createDeal();
    const res = await del(`/v1/deal/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Acordo excluído com sucesso!');
    expect((await get(`/v1/deal/${created.id}`)).statusCode).toBe(404);
    const links = await t.db.select().from(dealCountries).where(eq(dealCountries.deal_id, created.id));
    expect(links).toHaveLength(0);
    const [row] = await auditsOf(t, 'deal', created.id);
    expect(row?.event).toBe('deleted');
    expect(row?.old_values).toMatchObject({ abbreviation: created.abbreviation, countries: ['MX', 'PA'] });
  });

  it('is refused with 409 and the reason while norms and rules point at the deal, changing nothing', async () => {
    const seeded = await expectNothingChanged(t, () => del(`/v1/deal/${deal['ACE-18']}`));
    expect(seeded.statusCode).toBe(409);
    expect(seeded.json().message).toContain('4 normas de origem');

    const created = await createDeal();
    await post('/v1/deal/origin_norms', { deal_id: created.id, norms: [{ name: 'A' }, { name: 'B' }] });
    for (const code of ['TO', 'ST', 'CR']) {
      const rule = await post('/v1/origin_rule', {
        deal_id: created.id,
        code,
        description: `Critério ${code}`,
      });
      expect(rule.statusCode).toBe(201);
    }
    const res = await expectNothingChanged(t, () => del(`/v1/deal/${created.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Este acordo não pode ser excluído enquanto tiver 2 normas de origem e 3 regras de origem. Remova esses vínculos antes de excluí-lo.',
    );
  });

  it('is refused while a certificate model or association fees point at the deal', async () => {
    const withModel = await createDeal();
    await t.db
      .insert(certificateModels)
      .values({ deal_id: withModel.id, name: 'Modelo', fields: {}, layout: {} });
    const refused = await expectNothingChanged(t, () => del(`/v1/deal/${withModel.id}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('um modelo de certificado');

    const withFee = await createDeal();
    const [association] = await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations).limit(1);
    await t.db.insert(tradeAssociationFees).values({
      trade_association_id: association?.id ?? 0,
      deal_id: withFee.id,
      member_fee: '50.00',
      non_member_fee: '80.00',
    });
    const fee = await expectNothingChanged(t, () => del(`/v1/deal/${withFee.id}`));
    expect(fee.statusCode).toBe(409);
    expect(fee.json().message).toContain('taxas de emissão em 1 associação');

    const oneNorm = await createDeal();
    await post('/v1/deal/origin_norms', { deal_id: oneNorm.id, norms: [{ name: 'Única' }] });
    const norm = await del(`/v1/deal/${oneNorm.id}`);
    expect(norm.json().message).toBe(
      'Este acordo não pode ser excluído enquanto tiver 1 norma de origem. Remova esses vínculos antes de excluí-lo.',
    );
  });

  it('a record of another table that cites the deal also refuses the deletion (409), changing nothing', async () => {
    const created = await createDeal();
    await t.db.execute(
      sql`create table deal_citations (id serial primary key, deal_id int not null references deals(id))`,
    );
    await t.db.execute(sql`insert into deal_citations (deal_id) values (${created.id})`);
    const res = await expectNothingChanged(t, () => del(`/v1/deal/${created.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este acordo está em uso e não pode ser excluído.');
  });

  it('answers 404 for an unknown deal', async () => {
    expect((await del('/v1/deal/999999')).statusCode).toBe(404);
  });
});

describe('POST /v1/deal/origin_norms', () => {
  type NormRow = { id: number; name: string; legal_text: string | null; deal_id: number };
  const save = (dealId: number, norms: unknown[], token = admin) =>
    post('/v1/deal/origin_norms', { deal_id: dealId, norms }, token);

  it('creates, updates and deletes norms in one save, each with its audit row', async () => {
    const created = await createDeal();
    const first = await save(created.id, [
      { name: 'Regime de origem', legal_text: 'Anexo IV, Art. 1º' },
      { name: 'Requisitos específicos', legal_text: 'Anexo IV, Art. 2º' },
    ]);
    expect(first.statusCode).toBe(200);
    const stored = first.json<{ data: NormRow[] }>().data;
    expect(stored.map((n) => n.name)).toEqual(['Regime de origem', 'Requisitos específicos']);
    for (const norm of stored) expect((await auditsOf(t, 'origin_norm', norm.id))[0]?.event).toBe('created');

    const [regime, requisitos] = stored as [NormRow, NormRow];
    const second = await save(created.id, [
      { id: regime.id, name: 'Regime de origem', legal_text: 'Anexo IV, Art. 1º, alínea a' },
      { name: 'Acumulação', legal_text: null },
    ]);
    expect(second.statusCode).toBe(200);
    const now = second.json<{ data: NormRow[] }>().data;
    expect(now.map((n) => [n.name, n.legal_text])).toEqual([
      ['Acumulação', null],
      ['Regime de origem', 'Anexo IV, Art. 1º, alínea a'],
    ]);
    expect(now.find((n) => n.name === 'Regime de origem')?.id).toBe(regime.id);
    const [updated] = await auditsOf(t, 'origin_norm', regime.id);
    expect(updated?.event).toBe('updated');
    expect(updated?.old_values).toEqual({ legal_text: 'Anexo IV, Art. 1º' });
    expect(updated?.new_values).toEqual({ legal_text: 'Anexo IV, Art. 1º, alínea a' });
    expect((await auditsOf(t, 'origin_norm', requisitos.id))[0]?.event).toBe('deleted');
    const detail = (await get(`/v1/deal/${created.id}`)).json<DealBody>();
    expect(detail.norms.map((n) => n.name)).toEqual(['Acumulação', 'Regime de origem']);

    // An empty set removes them all.
    const cleared = await save(created.id, []);
    expect(cleared.json().data).toEqual([]);
  });

  it('a save that changes nothing leaves one trace on the deal', async () => {
    const created = await createDeal();
    const res = await save(created.id, []);
    expect(res.statusCode).toBe(200);
    const [row] = await auditsOf(t, 'deal', created.id);
    expect(row?.event).toBe('updated');
  });

  it('refuses invalid sets with messages on the rows, changing nothing', async () => {
    const created = await createDeal();
    const foreignNorm = (await get(`/v1/deal/${deal['ACE-35']}`)).json<DealBody>().norms[0];
    const invalid = await expectNothingChanged(t, () =>
      save(created.id, [
        { name: 'Regime', legal_text: 'x' },
        { name: ' regime ', legal_text: 'y' },
        { name: '' },
      ]),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      'norms.1.name': ['Já existe uma norma com este nome neste acordo no mesmo período de vigência.'],
      'norms.2.name': ['Campo obrigatório.'],
    });
    const foreign = await expectNothingChanged(t, () =>
      save(created.id, [{ id: foreignNorm?.id, name: 'Outra' }]),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'norms.0.id': ['Esta norma não pertence ao acordo informado.'] });
    const noDeal = await expectNothingChanged(t, () => save(999999, [{ name: 'X' }]));
    expect(noDeal.statusCode).toBe(422);
    expect(noDeal.json().errors).toEqual({ deal_id: ['Opção inválida.'] });
  });

  it('a norm in use cannot be deleted: the whole save is refused (409) and nothing changes', async () => {
    const created = await createDeal();
    const stored = (
      await save(created.id, [
        { name: 'Citada', legal_text: 'Art. 1º' },
        { name: 'Livre', legal_text: 'Art. 2º' },
      ])
    ).json<{ data: NormRow[] }>().data;
    const cited = stored.find((n) => n.name === 'Citada') as NormRow;
    const free = stored.find((n) => n.name === 'Livre') as NormRow;
    await t.db.execute(
      sql`create table norm_citations (id serial primary key, origin_norm_id int not null references origin_norms(id))`,
    );
    await t.db.execute(sql`insert into norm_citations (origin_norm_id) values (${cited.id})`);
    const res = await expectNothingChanged(t, () =>
      save(created.id, [{ id: free.id, name: 'Livre (renomeada)' }, { name: 'Nova' }]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A norma "Citada" está em uso e não pode ser excluída.');
    const names = await t.db
      .select({ name: originNorms.name })
      .from(originNorms)
      .where(eq(originNorms.deal_id, created.id));
    expect(names.map((n) => n.name).sort()).toEqual(['Citada', 'Livre']);
  });
});

describe('permissions', () => {
  it('anonymous callers get 401', async () => {
    expect((await t.request('GET', '/v1/deal')).statusCode).toBe(401);
    expect((await t.request('GET', '/v1/deal_signature')).statusCode).toBe(401);
  });

  it('an exporter reads deals but every mutation is refused with 403, changing nothing', async () => {
    expect((await get(`/v1/deal/${deal['ACE-18']}`, exporter)).statusCode).toBe(200);
    const target = deal['ACE-2'];
    const attempts = [
      () => post('/v1/deal', newDeal(), exporter),
      () => put(`/v1/deal/${target}`, newDeal(), exporter),
      () => del(`/v1/deal/${target}`, exporter),
      () => post('/v1/deal/origin_norms', { deal_id: target, norms: [] }, exporter),
    ];
    for (const attempt of attempts) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    }
  });
});

describe('audit trail', () => {
  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
