import { messages } from '@origem/contract/messages.pt';
import { declarationMessages as text } from '@origem/contract/schemas/declarations';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  classificationItems,
  classificationLists,
  declarationMaterials,
  declarations,
  federations,
  storedFiles,
} from '../../db/schema';
import { DEMO_ROLES, type DemoRole, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import {
  addAssociation,
  addExporter,
  addExporterWithUser,
  addUser,
  auditsOf,
  type DemoRefs,
  exporterDeclaration,
  linkDispatcher,
  openDeclarationSuite,
  stepsOf,
} from './test-support';

/** Declarations: the form's rules, what each role may create and edit, the list's filters and every role's scope. */

let t: TestApp;
let r: DemoRefs;
let tok: Record<DemoRole, string>;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Declaracao do fabricante) >> endobj\n%%EOF\n');
const BASE = '/v1/declaration';

type Body = Record<string, unknown> & { id: number };

const post = (body: unknown, token = tok.exportador) => t.request('POST', BASE, { token, body });
const totals = async () => {
  const [d] = await t.db.select({ n: count() }).from(declarations);
  const [m] = await t.db.select({ n: count() }).from(declarationMaterials);
  const [a] = await t.db
    .execute(sql`select count(*)::int as n from audits`)
    .then((x) => (x as unknown as { rows: { n: number }[] }).rows);
  return { declarations: d?.n, materials: m?.n, audits: a?.n };
};

beforeAll(async () => {
  ({ t, r, tok } = await openDeclarationSuite(DEMO_ROLES));
});

afterAll(async () => {
  await t?.close();
});

describe('creating a declaration', () => {
  it('an exporter drafts one for its own party: decimals normalised, history and audit written, origin check computed', async () => {
    const res = await post(exporterDeclaration(r, { exporter_id: r.manufacturerId }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Body>();
    expect(body).toMatchObject({
      status: 'RASCUNHO',
      declaration_flow: { id: 'RASCUNHO', name: 'Rascunho' },
      // The exporter's user always declares for its own exporter, whatever the form says.
      exporter_id: r.exporterId,
      exporter: { id: r.exporterId, name: 'Café Santista Exportadora Ltda.' },
      ncm: '09012100',
      ncm_description: 'Café torrado, não descafeinado',
      nomenclature_code: '09012100',
      fob_unit_value_min: '8.00',
      fob_unit_value_max: '10.00',
      deal: { id: r.mercosul, abbreviation: 'ACE-18' },
      actions: ['send_analysis'],
      can: { edit: true, delete: true, clone: true },
      manufacturer_declaration: null,
      analyst: null,
      approved_at: null,
      valid_until: null,
    });
    expect(body.materials).toMatchObject([
      {
        position: 1,
        ncm: '09011110',
        cif_value_usd: '5.50',
        fob_share_percent: '55.00',
        originating: true,
        changes_heading: null,
      },
      {
        position: 2,
        ncm: '39232990',
        cif_value_usd: '1.25',
        fob_share_percent: '12.50',
        origin_country: { code: 'CN' },
        originating: false,
        changes_heading: true,
      },
    ]);
    // 1.25 of the 10.00 FOB comes from China, outside MERCOSUL: 12.50 % against the 45 % ceiling of the regime in
    // force since 18 Jul 2024 (Dec. CMC 05/23), the norm the declaration cites.
    expect(body.origin_check).toEqual({
      fob_value_usd: '10.00',
      non_originating_cif_usd: '1.25',
      non_originating_share_percent: '12.50',
      ceiling_percent: '45.00',
      within_ceiling: true,
      non_originating_count: 1,
      all_change_heading: true,
    });
    expect(await stepsOf(t.db, 'declaration', body.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'RASCUNHO', user_id: r.users.exportador, note: null },
    ]);
    const [audit] = await auditsOf(t.db, 'declaration', body.id);
    expect(audit).toMatchObject({
      event: 'created',
      user_id: r.users.exportador,
      new_values: { product_name: 'Café torrado e moído tipo exportação', exporter_id: r.exporterId },
    });
    expect((audit?.new_values as { materials?: unknown[] } | undefined)?.materials).toHaveLength(2);
  });

  it('takes a multipart form with the materials as JSON text and the manufacturer’s PDF, downloaded as declaracao_fabricante.pdf', async () => {
    const { materials, ...fields } = exporterDeclaration(r);
    const form = multipart({
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      materials: JSON.stringify(materials),
      manufacturer_declaration: {
        filename: 'Declaração assinada.pdf',
        content: PDF,
        contentType: 'application/pdf',
      },
    });
    const res = await t.request('POST', BASE, { token: tok.exportador, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Body & { manufacturer_declaration: { name: string } }>();
    expect(body.manufacturer_declaration).toMatchObject({
      name: 'Declaração assinada.pdf',
      mime_type: 'application/pdf',
    });
    expect(body.materials).toHaveLength(2);

    const file = await t.request('GET', `${BASE}/manufacturer_declaration/download/${body.id}`, {
      token: tok.exportador,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="declaracao_fabricante.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The analyst of the association downloads it too; another association's cannot see it.
    const analyst = await t.request('GET', `${BASE}/manufacturer_declaration/download/${body.id}`, {
      token: tok.analista,
    });
    expect(analyst.statusCode).toBe(200);
    const none = await post(exporterDeclaration(r));
    const missing = await t.request(
      'GET',
      `${BASE}/manufacturer_declaration/download/${none.json<Body>().id}`,
      {
        token: tok.exportador,
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an incomplete or malformed form field by field, in Portuguese, and writes nothing', async () => {
    const before = await totals();
    const res = await post({ materials: 'não é json' });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toMatchObject({
      company_manufacturer_id: [text.companyManufacturer],
      legal_representative_id: [text.legalRepresentative],
      deal_id: [text.deal],
      product_name: [messages.field.required],
      ncm: [messages.field.required],
      production_process: [messages.field.required],
      fob_unit_value_min: [messages.field.required],
      origin_rule_id: [text.originRule],
      origin_norm_id: [text.originNorm],
      materials: [text.materialsInvalid],
    });

    const bad = await post(
      exporterDeclaration(r, {
        ncm: '0901.21',
        product_name: 'x'.repeat(256),
        fob_unit_value_min: '12,345',
        fob_unit_value_max: 'dez',
        materials: [
          {
            ncm: '09011110',
            description: '',
            origin_country_id: '',
            cif_value_usd: '-1',
            fob_share_percent: '101',
          },
        ],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      ncm: [text.ncmFormat],
      product_name: [messages.field.tooLong(255)],
      fob_unit_value_min: [text.money],
      fob_unit_value_max: [text.money],
      'materials.0.description': [messages.field.required],
      'materials.0.origin_country_id': [text.originCountry],
      'materials.0.cif_value_usd': [text.money],
      'materials.0.fob_share_percent': [text.percent],
    });

    const range = await post(
      exporterDeclaration(r, { fob_unit_value_min: '11', fob_unit_value_max: '10.99' }),
    );
    expect(range.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      fob_unit_value_max: [text.fobRange],
    });
    const shares = await post(
      exporterDeclaration(r, {
        materials: exporterDeclaration(r).materials.map((m) => ({ ...m, fob_share_percent: '50.01' })),
      }),
    );
    expect(shares.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      materials: [text.sharesOver100],
    });
    expect(await totals()).toEqual(before);
  });

  it('checks every reference against the owner party and the deal, all at once', async () => {
    const other = await addExporter(t.db, r.association, 1, 'Exportadora Vizinha Ltda.');
    const before = await totals();
    const res = await post(
      exporterDeclaration(r, {
        company_manufacturer_id: other.company,
        legal_representative_id: other.representative,
        origin_rule_id: r.chileRule,
        origin_norm_id: 999_999,
        ncm: '8408.90.90',
        materials: [
          {
            ncm: '7208.10.00',
            description: 'Aço',
            origin_country_id: 999_999,
            cif_value_usd: '1',
            fob_share_percent: '1',
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      company_manufacturer_id: [text.companyNotManufacturer],
      legal_representative_id: [text.legalRepresentativeNotOfExporter],
      origin_rule_id: [text.originRuleNotOfDeal],
      origin_norm_id: [text.originNormNotOfDeal],
      ncm: [text.ncmUnknown],
      'materials.0.ncm': [text.ncmUnknown],
      'materials.0.origin_country_id': [messages.field.invalidOption],
    });
    // A chapter is not a product's NCM.
    const chapter = await post(exporterDeclaration(r, { ncm: '0901' }));
    expect(chapter.json<{ errors: Record<string, string[]> }>().errors).toEqual({ ncm: [text.ncmFormat] });
    expect(await totals()).toEqual(before);
  });

  it("takes the nomenclature code from the deal's classification list, and refuses one that differs", async () => {
    const chile = { deal_id: r.chile, origin_rule_id: r.chileRule, origin_norm_id: await normOf(r.chile) };
    // No NALADI/SH 96 list yet: what the user types stands, if it has the nomenclature's 8 digits.
    const free = await post(exporterDeclaration(r, { ...chile, nomenclature_code: '0901.21.00' }));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ nomenclature_code: '09012100' });
    const short = await post(exporterDeclaration(r, { ...chile, nomenclature_code: '0901' }));
    expect(short.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      nomenclature_code: [text.nomenclatureFormat('NALADI/SH 96', 8)],
    });

    const [list] = await t.db
      .insert(classificationLists)
      .values({ classification_type: 'NALADI/SH 96', name: 'NALADI/SH 96 de teste', rows_count: 1 })
      .returning({ id: classificationLists.id });
    await t.db.insert(classificationItems).values({
      list_id: list?.id ?? 0,
      ncm_code: '09012100',
      code: '09012101',
      description: 'Café torrado',
    });
    const filled = await post(exporterDeclaration(r, chile));
    expect(filled.statusCode).toBe(201);
    expect(filled.json()).toMatchObject({
      nomenclature_code: '09012101',
      deal: { classification_type: 'NALADI/SH 96' },
    });
    const differs = await post(exporterDeclaration(r, { ...chile, nomenclature_code: '09012100' }));
    expect(differs.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      nomenclature_code: [text.nomenclatureMismatch('NALADI/SH 96', '09012101')],
    });
    const notListed = await post(exporterDeclaration(r, { ...chile, ncm: '69079000' }));
    expect(notListed.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      ncm: [text.ncmNotInList('NALADI/SH 96')],
    });
    await t.db.delete(classificationLists);
  });

  it("a manufacturer's user declares for its own party; staff name the party; others may not create", async () => {
    const own = await post(
      exporterDeclaration(r, {
        company_manufacturer_id: r.manufacturerCompany,
        legal_representative_id: r.manufacturerRepresentative,
        ncm: '69079000',
        product_name: 'Revestimento cerâmico acetinado',
      }),
      tok.fabricante,
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      exporter_id: r.manufacturerId,
      trade_association: { id: r.association },
    });
    // Its form may not borrow the exporter's book.
    const borrowed = await post(exporterDeclaration(r), tok.fabricante);
    expect(borrowed.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      company_manufacturer_id: [text.companyNotManufacturer],
    });

    const noParty = await post(exporterDeclaration(r), tok.admin);
    expect(noParty.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      exporter_id: [text.exporterRequired],
    });
    const byAdmin = await post(exporterDeclaration(r, { exporter_id: r.exporterId }), tok.admin);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ exporter_id: r.exporterId, actions: ['send_analysis'] });

    for (const role of ['analista', 'associacao', 'federacao', 'confederacao', 'despachante'] as const) {
      const before = await totals();
      const refused = await post(exporterDeclaration(r, { exporter_id: r.exporterId }), tok[role]);
      expect(refused.statusCode, role).toBe(403);
      expect(await totals()).toEqual(before);
    }
  });
});

async function normOf(dealId: number): Promise<number> {
  const rows = await t.db.execute(sql`select id from origin_norms where deal_id = ${dealId} limit 1`);
  return (rows as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
}

describe('editing and deleting', () => {
  it('edits a draft: header and materials replaced, the audit row holds only what changed', async () => {
    const created = (await post(exporterDeclaration(r))).json<Body>();
    const res = await t.request('PUT', `${BASE}/${created.id}`, {
      token: tok.exportador,
      body: exporterDeclaration(r, {
        product_name: 'Café torrado e moído gourmet',
        materials: [exporterDeclaration(r).materials[0]],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      product_name: 'Café torrado e moído gourmet',
      materials: [{ position: 1 }],
    });
    expect(res.json<{ materials: unknown[] }>().materials).toHaveLength(1);
    const audits = await auditsOf(t.db, 'declaration', created.id);
    expect(audits.at(-1)).toMatchObject({
      event: 'updated',
      old_values: { product_name: 'Café torrado e moído tipo exportação' },
      new_values: { product_name: 'Café torrado e moído gourmet' },
    });
    expect(Object.keys(audits.at(-1)?.new_values as object).sort()).toEqual(['materials', 'product_name']);
  });

  it('replaces and removes the manufacturer’s file, leaving no orphan row', async () => {
    const created = (await post(exporterDeclaration(r))).json<Body>();
    const fields: Record<string, string> = Object.fromEntries(
      Object.entries(exporterDeclaration(r)).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const send = (extra: Record<string, PartValue>) =>
      t.request('PUT', `${BASE}/${created.id}`, {
        token: tok.exportador,
        ...multipart({ ...fields, ...extra }),
      });
    const withFile = await send({
      manufacturer_declaration: { filename: 'a.pdf', content: PDF, contentType: 'application/pdf' },
    });
    expect(withFile.json()).toMatchObject({ manufacturer_declaration: { name: 'a.pdf' } });
    const removed = await send({ remove_manufacturer_declaration: 'true' });
    expect(removed.json()).toMatchObject({ manufacturer_declaration: null });
    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.owner_id, created.id));
    expect(rows.filter((f) => f.owner_type.startsWith('declaration'))).toEqual([]);
  });

  it('only RASCUNHO and REPROVADA change: a sent declaration is refused with 409, unchanged', async () => {
    const created = (await post(exporterDeclaration(r))).json<Body>();
    await t.request('POST', `${BASE}/send_analysis/${created.id}`, { token: tok.exportador });
    const before = await totals();
    const edit = await t.request('PUT', `${BASE}/${created.id}`, {
      token: tok.exportador,
      body: exporterDeclaration(r, { product_name: 'Outro' }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'Conflict',
      message: text.notEditable('Enviada para análise'),
    });
    const del = await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.exportador });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ message: text.notDeletable('Enviada para análise') });
    expect(await totals()).toEqual(before);
    const detail = (await t.request('GET', `${BASE}/${created.id}`, { token: tok.exportador })).json();
    expect(detail).toMatchObject({
      product_name: 'Café torrado e moído tipo exportação',
      can: { edit: false, delete: false },
    });
  });

  it('deletes a draft with its materials and file; the audit keeps what it was', async () => {
    const created = (await post(exporterDeclaration(r))).json<Body>();
    const res = await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.exportador });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: text.deleted });
    expect(await t.db.select().from(declarations).where(eq(declarations.id, created.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(declarationMaterials)
        .where(eq(declarationMaterials.declaration_id, created.id)),
    ).toEqual([]);
    expect((await auditsOf(t.db, 'declaration', created.id)).at(-1)).toMatchObject({
      event: 'deleted',
      old_values: { product_name: 'Café torrado e moído tipo exportação', status: 'RASCUNHO' },
    });
    expect((await t.request('GET', `${BASE}/${created.id}`, { token: tok.exportador })).statusCode).toBe(404);
  });

  it("another exporter's user, and the analyst, neither edit nor delete it", async () => {
    const created = (await post(exporterDeclaration(r))).json<Body>();
    const { token: otherToken } = await addExporterWithUser(
      t,
      r.association,
      2,
      'Exportadora do Outro Lado Ltda.',
      'outro.exportador@teste.local',
    );
    const before = await totals();
    const body = exporterDeclaration(r, { product_name: 'Invasão' });
    expect((await t.request('PUT', `${BASE}/${created.id}`, { token: otherToken, body })).statusCode).toBe(
      404,
    );
    expect((await t.request('DELETE', `${BASE}/${created.id}`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.request('PUT', `${BASE}/${created.id}`, { token: tok.analista, body })).statusCode).toBe(
      403,
    );
    expect((await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.analista })).statusCode).toBe(
      403,
    );
    expect(await totals()).toEqual(before);
  });
});

describe('the list and every role’s scope', () => {
  type Page = {
    data: { id: number; exporter_id: number; status: string; product_name: string }[];
    total: number;
  };
  const list = async (query: string, token: string) => {
    const res = await t.request('GET', `/v2/declaration${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const idsOf = (page: Page) => page.data.map((d) => d.id);
  let others = { association: 0, exporter: 0, declaration: 0 };
  let linkedId = 0;

  beforeAll(async () => {
    // The demo manufacturer's declaration the demo exporter may cite (seeded with an approved link).
    const rows = await t.db.execute(
      sql`select declaration_id as id from declaration_links where status = 'APROVADO'`,
    );
    linkedId = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
    // A declaration of an exporter at another association of the same federation.
    const association = await addAssociation(t.db, r.federation, 'Associação Comercial de Campinas');
    const exporter = await addExporter(t.db, association, 3, 'Exportadora Campineira Ltda.');
    const created = await post(
      exporterDeclaration(r, {
        exporter_id: exporter.id,
        company_manufacturer_id: exporter.company,
        legal_representative_id: exporter.representative,
        product_name: 'Peças cerâmicas de Campinas',
        internal_product_code: 'CAMP-01',
        ncm: '69071000',
      }),
      tok.admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    others = { association, exporter: exporter.id, declaration: created.json<Body>().id };
  });

  it('orders by id descending by default (ascending on request) and filters as SPEC §7 says', async () => {
    const all = await list('', tok.admin);
    const ids = idsOf(all);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(idsOf(await list('?order=id', tok.admin))).toEqual([...ids].sort((a, b) => a - b).slice(0, 15));

    const sent = await list('?declaration_flow_id=ENVIADA', tok.admin);
    expect(sent.data.length).toBeGreaterThan(0);
    expect(sent.data.every((d) => d.status === 'ENVIADA')).toBe(true);
    expect((await list('?ncm=6907', tok.admin)).data.map((d) => d.product_name).sort()).toEqual(
      expect.arrayContaining(['Peças cerâmicas de Campinas', 'Revestimento cerâmico esmaltado 60x60 cm']),
    );
    expect(
      (await list('?ncm=6907.10', tok.admin)).data.every(
        (d) => d.product_name !== 'Revestimento cerâmico esmaltado 60x60 cm',
      ),
    ).toBe(true);
    const names = await list('?product_names_list=campinas,pastilha', tok.admin);
    expect(names.data.map((d) => d.product_name).sort()).toEqual([
      'Pastilha cerâmica para mosaico 5x5 cm',
      'Peças cerâmicas de Campinas',
    ]);
    const repeated = await list('?product_names_list=campinas&product_names_list=pastilha', tok.admin);
    expect(idsOf(repeated)).toEqual(idsOf(names));
    expect(idsOf(await list('?internal_product_code=camp', tok.admin))).toEqual([others.declaration]);
    expect(idsOf(await list(`?declaration_id=${others.declaration}`, tok.admin))).toEqual([
      others.declaration,
    ]);
    expect(
      (await list(`?exporter_id=${r.manufacturerId}`, tok.admin)).data.every(
        (d) => d.exporter_id === r.manufacturerId,
      ),
    ).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const todays = await list(`?start_date=${today}&end_date=${today}`, tok.admin);
    expect(todays.data.map((d) => d.product_name)).toContain('Peças cerâmicas de Campinas');
    // The demo drafts were created days ago.
    expect(todays.data.map((d) => d.product_name)).not.toContain('Revestimento cerâmico esmaltado 60x60 cm');
    // A bad filter value is ignored rather than failing a shared link.
    expect((await list('?declaration_flow_id=NAO_EXISTE', tok.admin)).total).toBe(all.total);
  });

  it('each role sees exactly its rows (DOMAIN.md §2), and a row out of scope is a 404', async () => {
    const all = await list('?per_page=100', tok.admin);
    const ofExporter = all.data.filter((d) => d.exporter_id === r.exporterId).map((d) => d.id);
    const ofManufacturer = all.data.filter((d) => d.exporter_id === r.manufacturerId).map((d) => d.id);
    const ofSantos = all.data.filter((d) => d.id !== others.declaration).map((d) => d.id);
    expect(idsOf(await list('?per_page=100', tok.exportador))).toEqual(ofExporter);
    expect(idsOf(await list('?per_page=100', tok.fabricante))).toEqual(ofManufacturer);
    expect(idsOf(await list('?per_page=100', tok.analista))).toEqual(ofSantos);
    expect(idsOf(await list('?per_page=100', tok.associacao))).toEqual(ofSantos);
    // The federation reaches both of its associations; the confederation and the admin everything.
    expect(idsOf(await list('?per_page=100', tok.federacao))).toEqual(idsOf(all));
    expect(idsOf(await list('?per_page=100', tok.confederacao))).toEqual(idsOf(all));
    // The dispatcher: nothing until an exporter approves a link with it.
    expect((await list('', tok.despachante)).total).toBe(0);
    expect((await t.request('GET', `${BASE}/${ofExporter[0]}`, { token: tok.despachante })).statusCode).toBe(
      404,
    );

    const campinasAnalyst = await addUser(t, {
      email: 'analista.campinas@teste.local',
      role: 'analista',
      tradeAssociationId: others.association,
      federationId: r.federation,
    });
    expect(idsOf(await list('', campinasAnalyst))).toEqual([others.declaration]);
    expect((await t.request('GET', `${BASE}/${ofExporter[0]}`, { token: campinasAnalyst })).statusCode).toBe(
      404,
    );
    const [otherFederation] = await t.db
      .insert(federations)
      .values({ name: 'Federação de Minas', abbreviation: 'FMG' })
      .returning({ id: federations.id });
    const outsider = await addUser(t, {
      email: 'fed.minas@teste.local',
      role: 'federacao',
      federationId: otherFederation?.id,
    });
    expect((await list('', outsider)).total).toBe(0);

    for (const [token, id] of [
      [tok.exportador, ofManufacturer.find((id) => id !== linkedId)],
      [tok.fabricante, ofExporter[0]],
      [tok.analista, others.declaration],
    ] as const) {
      expect((await t.request('GET', `${BASE}/${id}`, { token })).statusCode).toBe(404);
    }

    await linkDispatcher(t.db, r.exporterId);
    expect(idsOf(await list('?per_page=100', tok.despachante))).toEqual(ofExporter);
    const read = await t.request('GET', `${BASE}/${ofExporter[0]}`, { token: tok.despachante });
    expect(read.statusCode).toBe(200);
    // Reading is all the default dispatcher role may do with declarations.
    expect(read.json()).toMatchObject({ actions: [], can: { edit: false, delete: false, clone: false } });
  });

  it("an exporter reads (only reads) the manufacturer's declaration an approved link lets it cite", async () => {
    const res = await t.request('GET', `${BASE}/${linkedId}`, { token: tok.exportador });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      exporter_id: r.manufacturerId,
      status: 'APROVADA',
      actions: [],
      can: { edit: false, delete: false, clone: false },
    });
    // Not in its list, and no clone of it either.
    expect(idsOf(await list('?per_page=100', tok.exportador))).not.toContain(linkedId);
    expect((await t.request('POST', `${BASE}/clone/${linkedId}`, { token: tok.exportador })).statusCode).toBe(
      404,
    );
  });

  it('no mutation answered without its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});

describe('the manufacturer party', () => {
  it('a fabricante user is tied to its party: the session names it as manufacturer', async () => {
    const res = await t.request('GET', '/v1/user/detail', { token: tok.fabricante });
    expect(res.json()).toMatchObject({ manufacturer: { id: r.manufacturerId }, exporter: null });
    const exporter = await t.request('GET', '/v1/user/detail', { token: tok.exportador });
    expect(exporter.json()).toMatchObject({ exporter: { id: r.exporterId }, manufacturer: null });
  });

  it('creating a fabricante user requires its party, as for an exporter', async () => {
    const roles = await t.request('GET', '/v1/role/all', { token: tok.admin });
    const role = roles
      .json<{ data: { id: number; name: string }[] }>()
      .data.find((x) => x.name === 'fabricante');
    const body = {
      name: 'Novo Fabricante',
      email: 'novo.fabricante@teste.local',
      role_id: role?.id,
      trade_association_id: r.association,
    };
    const missing = await t.request('POST', '/v1/user', { token: tok.admin, body });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      exporter_id: [messages.user.manufacturerRequired],
    });
    const ok = await t.request('POST', '/v1/user', {
      token: tok.admin,
      body: { ...body, exporter_id: r.manufacturerId },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ exporter_id: r.manufacturerId });
  });

  it("the manufacturer's user keeps its own party's book and representatives", async () => {
    const companies = await t.request('GET', '/v2/company', { token: tok.fabricante });
    expect(companies.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([
      r.manufacturerCompany,
    ]);
    const reps = await t.request('GET', '/v1/legal_representative', { token: tok.fabricante });
    expect(reps.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([
      r.manufacturerRepresentative,
    ]);
  });
});

describe('the form’s origin criteria', () => {
  it('whoever declares lists the deal’s criteria, though the rule screens are not theirs', async () => {
    const rules = await t.request('GET', `${BASE}/origin_rules?deal_id=${r.mercosul}`, {
      token: tok.exportador,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const data = rules.json<{ data: { id: number; code: string }[] }>().data;
    expect(data.map((x) => x.id)).toContain(r.mercosulRule);
    expect(data.map((x) => x.id)).not.toContain(r.chileRule);
    // The rule screens' own list stays the analyst's and the administrator's (SPEC §6).
    const screen = await t.request('GET', `/v1/origin_rule/all?deal_id=${r.mercosul}`, {
      token: tok.exportador,
    });
    expect(screen.statusCode).toBe(403);
    const missing = await t.request('GET', `${BASE}/origin_rules`, { token: tok.fabricante });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { deal_id: [text.deal] } });
  });

  it('a declaration is made under the rules in force today: the closed versions are neither offered nor accepted', async () => {
    const closed = await queryRows<{ id: number; kind: string }>(
      t.db,
      sql`select id, 'rule' as kind from origin_rules where deal_id = ${r.mercosul} and valid_until is not null
          union all
          select id, 'norm' from origin_norms where deal_id = ${r.mercosul} and valid_until is not null`,
    );
    const closedRules = closed.filter((c) => c.kind === 'rule').map((c) => c.id);
    const closedNorms = closed.filter((c) => c.kind === 'norm').map((c) => c.id);
    expect(closedRules).toHaveLength(3);
    expect(closedNorms).toHaveLength(2);
    const rules = (
      await t.request('GET', `${BASE}/origin_rules?deal_id=${r.mercosul}`, { token: tok.exportador })
    ).json<{ data: { id: number; code: string }[] }>().data;
    expect(rules.map((x) => x.code)).toEqual(['CR', 'RE', 'ST', 'TO']);
    expect(rules.some((x) => closedRules.includes(x.id))).toBe(false);
    const norms = (
      await t.request('GET', `/v1/origin_norm/get-norms-by-deal-id/${r.mercosul}`, { token: tok.exportador })
    ).json<{ data: { id: number; legal_text: string }[] }>().data;
    expect(norms).toHaveLength(2);
    expect(norms.every((n) => n.legal_text.includes('05/23'))).toBe(true);

    const before = await totals();
    const refused = await post({
      ...exporterDeclaration(r),
      origin_rule_id: closedRules[0],
      origin_norm_id: closedNorms[0],
    });
    expect(await totals()).toEqual(before);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      origin_rule_id: [text.originRuleNotInForce],
      origin_norm_id: [text.originNormNotInForce],
    });
  });
});
