import { companyMessages } from '@origem/contract/schemas/companies';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  countries,
  deals,
  dispatchers,
  exporters,
  federations,
  storedFiles,
  tradeAssociations,
} from '../../db/schema';
import { FileChanges } from '../../files/records';
import { PDF_POLICY, receiveBuffer } from '../../files/upload';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { expectUnchanged } from '../../test/snapshot';
import { insertExporter, lastAudit, maskCnpj, recordsAndFiles, storedBlobs } from '../entities/test-support';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = {
  santos: 0,
  otherAssociation: 0,
  demoExporter: 0,
  santosExporter: 0,
  otherExporter: 0,
  dispatcher: 0,
  br: 0,
  ar: 0,
  uy: 0,
  cl: 0,
  ace14: 0,
  ace2: 0,
  /** Companies of the other exporters, out of the demo exporter's reach. */
  neighbour: 0,
  faraway: 0,
};

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41), Buffer.from('\n%%EOF\n')]);
const PDF2 = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x42), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const pdf = (filename = 'contrato.pdf', content = PDF) => ({
  filename,
  content,
  contentType: 'application/pdf',
});

const CNPJ_BR = withCheckDigits('334445550001');
const CNPJ_ALNUM = withCheckDigits('12ABC34501DE');

async function countryId(code: string) {
  const [row] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!row) throw new Error(`país ${code}`);
  return row.id;
}
async function dealId(abbreviation: string) {
  const [row] = await t.db.select({ id: deals.id }).from(deals).where(eq(deals.abbreviation, abbreviation));
  if (!row) throw new Error(`acordo ${abbreviation}`);
  return row.id;
}
async function insertCompany(values: Partial<typeof companies.$inferInsert> & { corporate_name: string }) {
  const [row] = await t.db
    .insert(companies)
    .values({ company_type_id: 1, country_id: ids.ar, foreign_tax_id: 'X-1', ...values })
    .returning({ id: companies.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.br = await countryId('BR');
  ids.ar = await countryId('AR');
  ids.uy = await countryId('UY');
  ids.cl = await countryId('CL');
  ids.ace14 = await dealId('ACE-14');
  ids.ace2 = await dealId('ACE-2');
  const [santos] = await t.db.select().from(tradeAssociations);
  ids.santos = santos?.id ?? 0;
  const [fed] = await t.db
    .insert(federations)
    .values({ name: 'Federação do Comércio do Paraná', abbreviation: 'FCPR' })
    .returning({ id: federations.id });
  const [other] = await t.db
    .insert(tradeAssociations)
    .values({ name: 'Associação Comercial de Curitiba', federation_id: fed?.id ?? null })
    .returning({ id: tradeAssociations.id });
  ids.otherAssociation = other?.id ?? 0;
  const [demo] = await t.db
    .select({ id: exporters.id })
    .from(exporters)
    .where(eq(exporters.name, 'Café Santista Exportadora Ltda.'));
  ids.demoExporter = demo?.id ?? 0;
  const [dispatcher] = await t.db.select({ id: dispatchers.id }).from(dispatchers);
  ids.dispatcher = dispatcher?.id ?? 0;
  ids.santosExporter = await insertExporter(t, 'Açúcar Guarujá Exportadora S.A.', '556667770001', ids.santos);
  ids.otherExporter = await insertExporter(
    t,
    'Erva-Mate Curitibana Ltda.',
    '667778880001',
    ids.otherAssociation,
  );
  ids.neighbour = await insertCompany({
    corporate_name: 'Vizinha Importaciones S.A.',
    exporter_id: ids.santosExporter,
    trade_association_id: ids.santos,
  });
  ids.faraway = await insertCompany({
    corporate_name: 'Distante Importaciones S.A.',
    exporter_id: ids.otherExporter,
    trade_association_id: ids.otherAssociation,
  });
  for (const role of [
    'admin',
    'analista',
    'associacao',
    'federacao',
    'exportador',
    'despachante',
    'fabricante',
  ])
    tok[role] = await t.login(role);
});
afterAll(() => t.close());

const send = (url: string, parts: Record<string, PartValue>, token = tok.exportador) =>
  t.request('POST', url, { token, ...multipart(parts) });
const get = (url: string, token = tok.exportador) => t.request('GET', url, { token });
const names = (body: { data: { corporate_name: string }[] }) => body.data.map((c) => c.corporate_name);

function importer(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  return {
    company_type_id: 1,
    corporate_name: 'Compradora Porteña S.R.L.',
    trade_name: 'Porteña',
    foreign_tax_id: '30-70999888-1',
    country_id: ids.ar,
    email: 'Compras@Portena.example',
    phone: '+54 11 4000-1234',
    postcode: 'C1002ABC',
    address: 'Calle Florida',
    number: '100',
    city: 'Buenos Aires',
    state: 'CABA',
    ...overrides,
  };
}

function manufacturer(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  return {
    company_type_id: 2,
    corporate_name: 'Beneficiadora Mogiana Ltda.',
    cnpj: maskCnpj(CNPJ_BR),
    country_id: ids.br,
    phone: '(19) 3333-4444',
    postcode: '13800-000',
    address: 'Rua das Palmeiras',
    number: '12',
    neighborhood: 'Centro',
    city: 'Mogi Mirim',
    state: 'sp',
    ...overrides,
  };
}

/** Everything a refused mutation must leave alone: companies, stored files (rows and blobs), audits. */
const expectNothingChanged = <T>(action: () => Promise<T>): Promise<T> =>
  expectUnchanged(() => recordsAndFiles(t, ['companies']), action);
async function contractRows(id: number) {
  return t.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.owner_id, id))
    .then((rows) => rows.filter((r) => r.owner_type === 'company.social_contract'));
}

describe('reading the address book', () => {
  it('GET /v1/company: the exporter sees only its own book, in corporate-name order, paged', async () => {
    const res = await get('/v1/company?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual([
      'Importadora Rioplatense S.A.',
      'Torrefação Serra Azul Ltda.',
      'Trading del Este S.R.L.',
    ]);
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: 3,
      last_page: 1,
      total_capped: false,
    });
    expect(body.data[0]).toMatchObject({
      company_type: { id: 1 },
      exporter: { id: ids.demoExporter, name: 'Café Santista Exportadora Ltda.' },
      country: { code: 'AR', name: 'Argentina' },
      cnpj: null,
      foreign_tax_id: '30-71234567-9',
      social_contract: null,
    });
  });

  it('association staff see their association only; admin sees every company', async () => {
    const santos = names((await get('/v1/company', tok.associacao)).json());
    expect(santos).toContain('Vizinha Importaciones S.A.');
    expect(santos).not.toContain('Distante Importaciones S.A.');
    expect((await get(`/v1/company/${ids.faraway}`, tok.associacao)).statusCode).toBe(404);
    expect((await get(`/v1/company/${ids.faraway}`, tok.analista)).statusCode).toBe(404);
    const all = names((await get('/v1/company', tok.admin)).json());
    expect(all).toEqual(
      expect.arrayContaining(['Vizinha Importaciones S.A.', 'Distante Importaciones S.A.']),
    );
  });

  it("a dispatcher and a manufacturer see none of the exporters' books", async () => {
    expect((await get('/v1/company', tok.despachante)).json().total).toBe(0);
    // The manufacturer's user sees only its own party's book (issue 12: itself, as a manufacturer company).
    expect(names((await get('/v2/company', tok.fabricante)).json())).toEqual([
      'Indústria Cerâmica Paulista Ltda.',
    ]);
    expect((await get(`/v1/company/${ids.neighbour}`, tok.despachante)).statusCode).toBe(404);
  });

  it("an exporter cannot read another exporter's company (404) and needs a session (401)", async () => {
    expect((await get(`/v1/company/${ids.neighbour}`)).statusCode).toBe(404);
    expect((await get(`/v1/company/${ids.faraway}`)).statusCode).toBe(404);
    expect((await t.request('GET', '/v1/company')).statusCode).toBe(401);
  });

  it('GET /v2/company filters by corporate name, type, CNPJ (masked or not) and city', async () => {
    const byName = await get('/v2/company?corporate_name=rioplat', tok.admin);
    expect(names(byName.json())).toEqual(['Importadora Rioplatense S.A.']);
    // Case folds as ILIKE would, accented capitals included.
    expect(names((await get('/v2/company?corporate_name=TORREFA%C3%87%C3%83O', tok.admin)).json())).toEqual([
      'Torrefação Serra Azul Ltda.',
    ]);
    const byType = await get('/v2/company?company_type_id=2');
    expect(names(byType.json())).toEqual(['Torrefação Serra Azul Ltda.']);
    const cnpj = withCheckDigits('778889990001');
    const masked = await get(`/v2/company?cnpj=${encodeURIComponent(maskCnpj(cnpj))}`);
    expect(names(masked.json())).toEqual(['Torrefação Serra Azul Ltda.']);
    expect(names((await get(`/v2/company?cnpj=${cnpj.slice(0, 6)}`)).json())).toEqual([
      'Torrefação Serra Azul Ltda.',
    ]);
    expect(names((await get('/v2/company?cnpj=217654')).json())).toEqual(['Trading del Este S.R.L.']);
    expect(names((await get('/v2/company?city=montev')).json())).toEqual(['Trading del Este S.R.L.']);
    // Filters combine; blank ones are ignored; a bad order falls back to the default.
    expect((await get('/v2/company?city=santos&company_type_id=1')).json().total).toBe(0);
    expect((await get('/v2/company?city=&corporate_name=&order=senha')).json().total).toBe(3);
  });

  it('orders as a Brazilian reader expects (accents and case ignored), by any column and both ways', async () => {
    const book = { exporter_id: ids.demoExporter, trade_association_id: ids.santos, city: 'Zárate' };
    const made = [
      await insertCompany({ ...book, corporate_name: 'Élan Comercial S.A.' }),
      await insertCompany({ ...book, corporate_name: 'eco Trading S.A.', city: 'Avellaneda' }),
      await insertCompany({ ...book, corporate_name: 'Fênix Importaciones S.A.', city: null }),
    ];
    try {
      expect(names((await get('/v2/company?corporate_name=%20')).json())).toEqual([
        'eco Trading S.A.',
        'Élan Comercial S.A.',
        'Fênix Importaciones S.A.',
        'Importadora Rioplatense S.A.',
        'Torrefação Serra Azul Ltda.',
        'Trading del Este S.R.L.',
      ]);
      expect(names((await get('/v2/company?order=-corporate_name')).json())[0]).toBe(
        'Trading del Este S.R.L.',
      );
      const byCity = names((await get('/v2/company?order=city')).json());
      expect(byCity.slice(0, 3)).toEqual([
        'eco Trading S.A.',
        'Importadora Rioplatense S.A.',
        'Torrefação Serra Azul Ltda.',
      ]);
      // No city sorts last both ways.
      expect(byCity.at(-1)).toBe('Fênix Importaciones S.A.');
      expect(names((await get('/v2/company?order=-city')).json()).at(-1)).toBe('Fênix Importaciones S.A.');
      expect(names((await get('/v2/company?order=-company_type_id')).json())[0]).toBe(
        'Trading del Este S.R.L.',
      );
    } finally {
      for (const id of made) await t.db.delete(companies).where(eq(companies.id, id));
    }
  });

  it('GET /v2/company/type/{type}: every reachable company of that type, for selects', async () => {
    const res = await get('/v2/company/type/3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        corporate_name: 'Trading del Este S.R.L.',
        company_type_id: 3,
        country: expect.objectContaining({ code: 'UY' }),
      }),
    ]);
    const importers = (await get('/v2/company/type/1', tok.admin))
      .json()
      .data.map((c: { id: number }) => c.id);
    expect(importers).toEqual(expect.arrayContaining([ids.neighbour, ids.faraway]));
    expect((await get('/v2/company/type/1')).json().data.map((c: { id: number }) => c.id)).not.toContain(
      ids.neighbour,
    );
    expect((await get('/v2/company/type/4')).statusCode).toBe(422);
  });

  it("deal_country: importers and intervenors located in the deal's partner countries; unknown deal 404", async () => {
    const ace14 = await get(`/v1/company/importer/deal_country/${ids.ace14}`);
    expect(ace14.statusCode).toBe(200);
    expect(names(ace14.json())).toEqual(['Importadora Rioplatense S.A.']);
    // The intervenor is in Uruguay: none for the Argentine deal, one for the Uruguayan one.
    expect(names((await get(`/v1/company/intervenor/deal_country/${ids.ace14}`)).json())).toEqual([]);
    expect(names((await get(`/v1/company/intervenor/deal_country/${ids.ace2}`)).json())).toEqual([
      'Trading del Este S.R.L.',
    ]);
    expect(names((await get(`/v1/company/importer/deal_country/${ids.ace2}`)).json())).toEqual([]);
    // Scope holds here too: the admin also gets the other exporters' Argentine importers.
    expect(names((await get(`/v1/company/importer/deal_country/${ids.ace14}`, tok.admin)).json())).toEqual(
      expect.arrayContaining(['Vizinha Importaciones S.A.', 'Distante Importaciones S.A.']),
    );
    expect((await get('/v1/company/importer/deal_country/999999')).statusCode).toBe(404);
  });

  it('company types come from the lookups module (GET /v1/company_type/all)', async () => {
    const res = await get('/v1/company_type/all');
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([1, 2, 3]));
  });
});

describe('creating companies', () => {
  it('an exporter files a foreign importer (JSON) in its own book, whatever exporter_id it sends', async () => {
    const res = await t.request('POST', '/v1/company', {
      token: tok.exportador,
      body: importer({ exporter_id: ids.otherExporter, cnpj: maskCnpj(CNPJ_BR) }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json();
    expect(company).toMatchObject({
      corporate_name: 'Compradora Porteña S.R.L.',
      exporter_id: ids.demoExporter,
      dispatcher_id: null,
      trade_association_id: ids.santos,
      // A foreign company has no CNPJ; its postcode, state and phone stay as typed.
      cnpj: null,
      foreign_tax_id: '30-70999888-1',
      email: 'compras@portena.example',
      phone: '+54 11 4000-1234',
      postcode: 'C1002ABC',
      state: 'CABA',
      country: { code: 'AR' },
    });
    const audit = await lastAudit(t, 'company', company.id);
    expect(audit).toMatchObject({
      event: 'created',
      new_values: expect.objectContaining({ exporter_id: ids.demoExporter }),
    });
    expect((await get(`/v1/company/${company.id}`)).json().corporate_name).toBe('Compradora Porteña S.R.L.');
  });

  it('a Brazilian manufacturer with an alphanumeric CNPJ and its social contract (multipart)', async () => {
    const res = await send(
      '/v1/company',
      manufacturer({ cnpj: maskCnpj(CNPJ_ALNUM), social_contract: pdf() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json();
    expect(company).toMatchObject({
      cnpj: CNPJ_ALNUM,
      foreign_tax_id: null,
      postcode: '13800000',
      state: 'SP',
      phone: '1933334444',
      social_contract: { name: 'contrato.pdf', mime_type: 'application/pdf', size: PDF.length },
    });
    const download = await get(`/v1/company/social_contract/${company.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain('filename="contrato_social.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await lastAudit(t, 'company', company.id))?.new_values).toMatchObject({
      social_contract: 'contrato.pdf',
    });
  });

  it('refuses bad input with Portuguese messages next to the fields, changing nothing', async () => {
    const cases: [Record<string, PartValue>, Record<string, string[]>][] = [
      [manufacturer({ cnpj: '' }), { cnpj: [companyMessages.cnpjRequired] }],
      [
        manufacturer({ cnpj: `${CNPJ_BR.slice(0, 13)}${(Number(CNPJ_BR.slice(13)) + 1) % 10}` }),
        { cnpj: ['CNPJ inválido.'] },
      ],
      [
        manufacturer({ postcode: 'C1002ABC', state: 'CABA' }),
        { postcode: [expect.stringContaining('CEP')], state: [expect.stringContaining('UF')] },
      ],
      [importer({ foreign_tax_id: '' }), { foreign_tax_id: [companyMessages.foreignTaxIdRequired] }],
      [
        importer({ corporate_name: '  ', company_type_id: 7, country_id: '' }),
        {
          corporate_name: ['Campo obrigatório.'],
          company_type_id: [companyMessages.type],
          country_id: ['Campo obrigatório.'],
        },
      ],
      [importer({ country_id: 999999 }), { country_id: [companyMessages.countryInvalid] }],
      [importer({ email: 'não é e-mail' }), { email: ['Informe um e-mail válido.'] }],
    ];
    for (const [parts, errors] of cases) {
      const res = await expectNothingChanged(() => send('/v1/company', parts));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'ValidationError', errors });
    }
  });

  it('refuses a social contract that is not a PDF, leaving no blob behind', async () => {
    const res = await expectNothingChanged(() =>
      send('/v1/company', manufacturer({ social_contract: { filename: 'contrato.pdf', content: PNG } })),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.social_contract[0]).toContain('PDF');
  });

  it('staff choose the exporter within their scope; the association comes from it', async () => {
    const none = await expectNothingChanged(() => send('/v1/company', importer(), tok.associacao));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ exporter_id: [companyMessages.exporterRequired] });
    const outside = await expectNothingChanged(() =>
      send('/v1/company', importer({ exporter_id: ids.otherExporter }), tok.associacao),
    );
    expect(outside.json().errors).toEqual({ exporter_id: [companyMessages.exporterInvalid] });

    const mine = await send('/v1/company', importer({ exporter_id: ids.santosExporter }), tok.analista);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      exporter: { id: ids.santosExporter },
      trade_association_id: ids.santos,
    });
    const admin = await send('/v1/company', importer({ exporter_id: ids.otherExporter }), tok.admin);
    expect(admin.json()).toMatchObject({
      exporter_id: ids.otherExporter,
      trade_association_id: ids.otherAssociation,
    });
    // The demo exporter does not see either.
    expect((await get(`/v1/company/${mine.json().id}`)).statusCode).toBe(404);
  });

  it('a dispatcher keeps its own companies; roles without company.manage are refused', async () => {
    const res = await send(
      '/v1/company',
      importer({ corporate_name: 'Cliente do Despachante S.A.' }),
      tok.despachante,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      exporter_id: null,
      dispatcher: { id: ids.dispatcher },
      trade_association_id: ids.santos,
    });
    expect(names((await get('/v1/company', tok.despachante)).json())).toEqual([
      'Cliente do Despachante S.A.',
    ]);
    expect((await get(`/v1/company/${res.json().id}`)).statusCode).toBe(404);
    // Staff of the association see it and may edit it as it is (no exporter needed).
    const edit = await send(
      `/v1/company/${res.json().id}`,
      importer({ corporate_name: 'Cliente Despachante S.A.' }),
      tok.associacao,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ exporter_id: null, dispatcher_id: ids.dispatcher });

    for (const role of ['federacao', 'fabricante']) {
      const refused = await expectNothingChanged(() =>
        send('/v1/company', importer({ exporter_id: ids.santosExporter }), tok[role]),
      );
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('a dispatcher with an approved link (DOMAIN.md §6)', () => {
  it("reaches the exporter's book and files companies in it, until the link ends", async () => {
    const link = '/v1/dispatcher_exporter_link';
    const asked = await t.request(
      'POST',
      `/v1/dispatcher_exporter/exporter/${ids.santosExporter}/dispatcher/${ids.dispatcher}/link`,
      { token: tok.associacao },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const linkId = asked.json().dispatcher_exporter_link.id as number;
    expect((await get(`/v1/company/${ids.neighbour}`, tok.despachante)).statusCode).toBe(404);
    // Only approved: a link still asked for files nothing in the exporter's book.
    const early = await send('/v1/company', importer({ exporter_id: ids.santosExporter }), tok.despachante);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ exporter_id: [companyMessages.exporterInvalid] });
    const approved = await t.request('PUT', `${link}/${linkId}/approval`, { token: tok.analista });
    expect(approved.statusCode, approved.body).toBe(200);

    expect(names((await get('/v1/company', tok.despachante)).json())).toContain('Vizinha Importaciones S.A.');
    const filed = await send(
      '/v1/company',
      importer({ corporate_name: 'Compradora do Vínculo S.A.', exporter_id: ids.santosExporter }),
      tok.despachante,
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ exporter_id: ids.santosExporter, dispatcher_id: null });
    // Never the book of an exporter it has no link with.
    const refused = await send('/v1/company', importer({ exporter_id: ids.demoExporter }), tok.despachante);
    expect(refused.statusCode).toBe(422);

    await t.request('PUT', `/v1/dispatcher_exporter/link/${linkId}/deletion`, { token: tok.despachante });
    expect((await t.request('DELETE', `${link}/${linkId}`, { token: tok.admin })).statusCode).toBe(200);
    expect((await get(`/v1/company/${ids.neighbour}`, tok.despachante)).statusCode).toBe(404);
    expect((await get(`/v1/company/${filed.json().id}`, tok.despachante)).statusCode).toBe(404);
  });
});

describe('editing, downloading and deleting', () => {
  it('replaces the social contract (no orphan), then removes it; audits only what changed', async () => {
    const created = (
      await send(
        '/v1/company',
        manufacturer({ corporate_name: 'Moagem Paulista Ltda.', social_contract: pdf('v1.pdf') }),
      )
    ).json();
    const [first] = await contractRows(created.id);
    expect(storedBlobs(t)).toContain(first?.storage_key);

    const replaced = await send(
      `/v1/company/${created.id}`,
      manufacturer({
        corporate_name: 'Moagem Paulista Ltda.',
        city: 'Campinas',
        social_contract: pdf('v2.pdf', PDF2),
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      city: 'Campinas',
      social_contract: { name: 'v2.pdf', size: PDF2.length },
    });
    const rows = await contractRows(created.id);
    expect(rows).toHaveLength(1);
    expect(storedBlobs(t)).not.toContain(first?.storage_key);
    expect(storedBlobs(t)).toContain(rows[0]?.storage_key);
    expect((await get(`/v1/company/social_contract/${created.id}`)).rawPayload.equals(PDF2)).toBe(true);
    const audit = await lastAudit(t, 'company', created.id);
    expect(audit?.old_values).toEqual({ city: 'Mogi Mirim', social_contract: 'v1.pdf' });
    expect(audit?.new_values).toEqual({ city: 'Campinas', social_contract: 'v2.pdf' });

    // Saving without a file keeps it; remove_social_contract drops row and blob.
    const kept = await send(
      `/v1/company/${created.id}`,
      manufacturer({ corporate_name: 'Moagem Paulista Ltda.', city: 'Campinas' }),
    );
    expect(kept.json().social_contract?.name).toBe('v2.pdf');
    const removed = await send(
      `/v1/company/${created.id}`,
      manufacturer({
        corporate_name: 'Moagem Paulista Ltda.',
        city: 'Campinas',
        remove_social_contract: 'true',
      }),
    );
    expect(removed.json().social_contract).toBeNull();
    expect(await contractRows(created.id)).toHaveLength(0);
    expect(storedBlobs(t)).not.toContain(rows[0]?.storage_key);
    expect((await get(`/v1/company/social_contract/${created.id}`)).statusCode).toBe(404);
  });

  it('an edit that changes the country to Brazil needs the CNPJ, and drops the foreign tax id', async () => {
    const created = (await send('/v1/company', importer({ corporate_name: 'Mudança de País S.A.' }))).json();
    const refused = await expectNothingChanged(() =>
      send(
        `/v1/company/${created.id}`,
        importer({ corporate_name: 'Mudança de País S.A.', country_id: ids.br, state: '' }),
      ),
    );
    // The Argentine CEP and phone no longer fit either.
    expect(refused.json().errors).toEqual({
      cnpj: [companyMessages.cnpjRequired],
      postcode: ['Informe um CEP com 8 dígitos.'],
      phone: ['Informe o telefone com DDD (10 ou 11 dígitos).'],
    });
    const ok = await send(
      `/v1/company/${created.id}`,
      importer({
        corporate_name: 'Mudança de País S.A.',
        country_id: ids.br,
        cnpj: CNPJ_BR,
        state: 'RJ',
        postcode: '20000-000',
        phone: '',
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      cnpj: CNPJ_BR,
      foreign_tax_id: null,
      state: 'RJ',
      postcode: '20000000',
    });
  });

  it("another exporter's company: 404 on detail, download, edit and delete; nothing changes", async () => {
    await t.db.transaction(async (tx) => {
      const file = await receiveBuffer(t.app.files, PDF, 'alheio.pdf', PDF_POLICY);
      await new FileChanges(t.app.files).attach(
        tx,
        file,
        { type: 'company.social_contract', id: ids.neighbour },
        null,
      );
    });
    expect((await get(`/v1/company/social_contract/${ids.neighbour}`, tok.associacao)).statusCode).toBe(200);
    await expectNothingChanged(async () => {
      expect((await get(`/v1/company/social_contract/${ids.neighbour}`)).statusCode).toBe(404);
      expect((await get(`/v1/company/social_contract/${ids.neighbour}`, tok.despachante)).statusCode).toBe(
        404,
      );
      expect(
        (await send(`/v1/company/${ids.neighbour}`, importer({ social_contract: pdf() }))).statusCode,
      ).toBe(404);
      expect(
        (await t.request('DELETE', `/v1/company/${ids.neighbour}`, { token: tok.exportador })).statusCode,
      ).toBe(404);
      expect(
        (await t.request('DELETE', `/v1/company/${ids.faraway}`, { token: tok.associacao })).statusCode,
      ).toBe(404);
    });
  });

  it('deletes for real, with its social contract and an audit row', async () => {
    const created = (
      await send('/v1/company', manufacturer({ corporate_name: 'Efêmera Ltda.', social_contract: pdf() }))
    ).json();
    const [file] = await contractRows(created.id);
    const res = await t.request('DELETE', `/v1/company/${created.id}`, { token: tok.exportador });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: companyMessages.deleted });
    expect(await t.db.select().from(companies).where(eq(companies.id, created.id))).toEqual([]);
    expect(await contractRows(created.id)).toEqual([]);
    expect(storedBlobs(t)).not.toContain(file?.storage_key);
    expect(await lastAudit(t, 'company', created.id)).toMatchObject({
      event: 'deleted',
      old_values: expect.objectContaining({
        corporate_name: 'Efêmera Ltda.',
        social_contract: 'contrato.pdf',
      }),
    });
    expect(
      (await t.request('DELETE', `/v1/company/${created.id}`, { token: tok.exportador })).statusCode,
    ).toBe(404);
  });

  it('refuses (409, nothing changed) while another record references the company', async () => {
    // No document cites companies yet (certificates come later): a table with a real foreign key stands in for them.
    await t.db.execute(
      sql`create table company_citations (id serial primary key, company_id integer not null references companies(id))`,
    );
    const created = (
      await send('/v1/company', importer({ corporate_name: 'Citada S.A.', social_contract: pdf() }))
    ).json();
    await t.db.execute(sql`insert into company_citations (company_id) values (${created.id})`);
    const res = await expectNothingChanged(() =>
      t.request('DELETE', `/v1/company/${created.id}`, { token: tok.exportador }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Conflict', message: companyMessages.inUse });
    expect((await get(`/v1/company/social_contract/${created.id}`)).statusCode).toBe(200);
    await t.db.execute(sql`drop table company_citations`);
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
