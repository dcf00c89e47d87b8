import { CERTIFICATE_FIELD_KEYS, type CertificateModel } from '@origem/contract/schemas/nomenclature';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, certificateModels, deals, languages } from '../../db/schema';
import { seedCertificateModels } from '../../db/seed/certificate-models';
import type { TestApp } from '../../test/app';
import { SEEDED_MODELS } from './certificate-forms';
import { expectNothingChanged, openNomenclatureSuite } from './test-support';

let t: TestApp;
let admin: string;
let exporter: string;
const dealId: Record<string, number> = {};
const languageId: Record<string, number> = {};

/** The deals the model seed looks for, created here when the deals seed has not (it runs before ours). */
async function ensureDeal(abbreviation: string, aladi: string | null): Promise<number> {
  const [existing] = await t.db
    .select({ id: deals.id })
    .from(deals)
    .where(sql`lower(${deals.abbreviation}) = lower(${abbreviation})`);
  if (existing) return existing.id;
  const [row] = await t.db
    .insert(deals)
    .values({ abbreviation, name: `Acordo ${abbreviation}`, aladi_acronym: aladi })
    .returning({ id: deals.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  ({ t, admin, exporter } = await openNomenclatureSuite());
  for (const l of await t.db.select().from(languages)) languageId[l.code] = l.id;
  dealId['ACE-18'] = await ensureDeal('ACE-18', 'A18');
  dealId['ACE-58'] = await ensureDeal('ACE-58', 'A58');
  dealId['ACE-2'] = await ensureDeal('ACE-2', null);
  dealId.SGP = await ensureDeal('SGP', null);
  dealId.free = await ensureDeal('TESTE-SEM-MODELO', null);
  await seedCertificateModels(t.db);
});
afterAll(() => t.close());

const get = (url: string, token = exporter) => t.request('GET', url, { token });
const put = (id: number, body: unknown, token = admin) =>
  t.request('PUT', `/v1/certificate_model/${id}`, { token, body });

function inputOf(model: CertificateModel) {
  return { name: model.name, language_id: model.language_id, fields: model.fields, layout: model.layout };
}

describe('seeded models', () => {
  it("classify every field as ALADI's form does (ACE-18 → form A18, in Spanish)", async () => {
    const res = await get(`/v1/certificate_model/${dealId['ACE-18']}`);
    expect(res.statusCode).toBe(200);
    const model: CertificateModel = res.json();
    expect(model.name).toBe('ACE-18 — Certificado de origem ALADI (formulário A18)');
    expect(model.language).toMatchObject({ code: 'es' });
    expect(Object.keys(model.fields)).toEqual(CERTIFICATE_FIELD_KEYS);
    expect(model.fields.exporter_business_name).toEqual({
      rule: 'M',
      label: 'Nombre o razón social del exportador',
    });
    // In FormA18Type: Consignee is optional, TransportCountryDestination mandatory, the tax id maxOccurs="0".
    expect(model.fields.consignee_business_name?.rule).toBe('O');
    expect(model.fields.transport_destination_country?.rule).toBe('M');
    expect(model.fields.exporter_tax_id?.rule).toBe('NA');
    expect(model.fields.item_fob_value?.rule).toBe('M');
    expect(model.counts).toEqual({ M: 19, O: 22, NA: 7 });
  });

  it('follow each form: A58 has no FOB value or transport; SGP (Form A, in English) no HS code', async () => {
    const a58: CertificateModel = (await get(`/v1/certificate_model/${dealId['ACE-58']}`)).json();
    expect(a58.fields.item_fob_value?.rule).toBe('NA');
    expect(a58.fields.transport_means?.rule).toBe('NA');
    expect(a58.fields.item_declaration_date?.rule).toBe('M');
    const sgp: CertificateModel = (await get(`/v1/certificate_model/${dealId.SGP}`)).json();
    expect(sgp.language).toMatchObject({ code: 'en' });
    expect(sgp.fields.item_code).toEqual({ rule: 'NA', label: 'HS code' });
    expect(sgp.fields.item_origin_criterion).toEqual({ rule: 'M', label: 'Origin criterion' });
    const ace2: CertificateModel = (await get(`/v1/certificate_model/${dealId['ACE-2']}`)).json();
    expect(ace2.name).toContain('Res. 252');
  });

  it('are seeded once per deal, skip missing deals, and keep what administrators changed', async () => {
    const before = await t.db.$count(certificateModels);
    await t.db
      .update(certificateModels)
      .set({ name: 'Nome do administrador' })
      .where(eq(certificateModels.deal_id, dealId['ACE-18'] ?? 0));
    await seedCertificateModels(t.db);
    expect(await t.db.$count(certificateModels)).toBe(before);
    const [row] = await t.db
      .select({ name: certificateModels.name })
      .from(certificateModels)
      .where(eq(certificateModels.deal_id, dealId['ACE-18'] ?? 0));
    expect(row?.name).toBe('Nome do administrador');
    // Only deals that exist got one; the deal outside the list has none.
    const seededDeals = await t.db
      .select({ abbreviation: deals.abbreviation })
      .from(certificateModels)
      .innerJoin(deals, eq(deals.id, certificateModels.deal_id));
    const known = new Set(SEEDED_MODELS.map((m) => m.abbreviation));
    expect(seededDeals.every((d) => known.has(d.abbreviation))).toBe(true);
    expect(seededDeals.map((d) => d.abbreviation)).not.toContain('TESTE-SEM-MODELO');
  });
});

describe('reading', () => {
  it('lists one row per deal with its model, or null', async () => {
    const res = await get('/v1/certificate_model?page=1');
    expect(res.statusCode).toBe(200);
    const rows: { deal: { id: number; abbreviation: string }; model: { counts: object } | null }[] =
      res.json().data;
    expect(rows.find((r) => r.deal.id === dealId.free)?.model).toBeNull();
    expect(rows.find((r) => r.deal.id === dealId['ACE-18'])?.model).toMatchObject({
      counts: { M: 19, O: 22, NA: 7 },
    });
    const filtered = await get('/v1/certificate_model?q=sgp');
    expect(filtered.json().data.map((r: { deal: { abbreviation: string } }) => r.deal.abbreviation)).toEqual([
      'SGP',
    ]);
  });

  it('gives every model in /all, and 404 for a deal without one or no deal at all', async () => {
    const all = await get('/v1/certificate_model/all');
    expect(all.json().data.map((m: { deal_id: number }) => m.deal_id)).toContain(dealId['ACE-18']);
    expect(all.json().data[0]).not.toHaveProperty('fields');
    for (const id of [dealId.free, 999_999]) {
      const res = await get(`/v1/certificate_model/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Registro não encontrado.');
    }
    expect((await t.request('GET', '/v1/certificate_model/all')).statusCode).toBe(401);
  });
});

describe('PUT /v1/certificate_model/{dealId}', () => {
  it('changes name, language, rules, labels and layout; the audit row holds only what moved', async () => {
    const current: CertificateModel = (await get(`/v1/certificate_model/${dealId['ACE-18']}`)).json();
    const body = inputOf(current);
    body.name = 'ACE-18 — Mercosul (formulário A18)';
    body.language_id = languageId.pt ?? null;
    body.fields = {
      ...body.fields,
      exporter_tax_id: { rule: 'O', label: 'CNPJ do exportador' },
      consignee_city: { rule: 'NA', label: '' },
    };
    body.layout = { ...body.layout, margin_mm: 15, show_qr_code: false };
    const res = await put(dealId['ACE-18'] ?? 0, body);
    expect(res.statusCode).toBe(200);
    const saved: CertificateModel = res.json();
    expect(saved).toMatchObject({
      name: 'ACE-18 — Mercosul (formulário A18)',
      language: { code: 'pt' },
      layout: { margin_mm: 15, show_qr_code: false },
    });
    expect(saved.fields.exporter_tax_id).toEqual({ rule: 'O', label: 'CNPJ do exportador' });
    expect(saved.fields.consignee_city).toEqual({ rule: 'NA', label: '' });
    expect((await get(`/v1/certificate_model/${dealId['ACE-18']}`)).json()).toEqual(saved);

    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'certificate_model'), eq(audits.auditable_id, saved.id)))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(audit?.event).toBe('updated');
    expect(Object.keys((audit?.new_values as { fields?: object } | undefined)?.fields ?? {}).sort()).toEqual([
      'consignee_city',
      'exporter_tax_id',
    ]);
    expect(audit?.new_values).toMatchObject({ name: body.name, language_id: body.language_id });
    expect(audit?.old_values).toMatchObject({ fields: { exporter_tax_id: { rule: 'NA' } } });
  });

  it('validates with Portuguese messages next to each field, changing nothing', async () => {
    const current: CertificateModel = (await get(`/v1/certificate_model/${dealId['ACE-58']}`)).json();
    const body = inputOf(current);
    await expectNothingChanged(t, async () => {
      const res = await put(dealId['ACE-58'] ?? 0, {
        ...body,
        name: '',
        language_id: 999_999,
        fields: {
          ...body.fields,
          exporter_address: { rule: 'M', label: '' },
          item_code: { rule: 'X', label: 'Código' },
        },
        layout: { ...body.layout, margin_mm: 2, paper_size: 'A3' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject({
        name: ['Campo obrigatório.'],
        'fields.item_code.rule': ['Opção inválida.'],
        'layout.margin_mm': ['A margem deve ter de 5 a 30 mm.'],
        'layout.paper_size': ['Opção inválida.'],
      });
      const labelOnly = await put(dealId['ACE-58'] ?? 0, {
        ...body,
        fields: { ...body.fields, exporter_address: { rule: 'M', label: ' ' } },
      });
      expect(labelOnly.json().errors).toEqual({
        'fields.exporter_address.label': ['Informe o rótulo impresso do campo (ou marque NA).'],
      });
      const language = await put(dealId['ACE-58'] ?? 0, { ...body, language_id: 999_999 });
      expect(language.json().errors).toEqual({ language_id: ['Opção inválida.'] });
      const missingField = await put(dealId['ACE-58'] ?? 0, {
        ...body,
        fields: { exporter_business_name: { rule: 'M', label: 'Exportador' } },
      });
      expect(missingField.statusCode).toBe(422);
    });
  });

  it('creates the model of a deal that has none; 404 for an unknown deal; 403 without reference_data.manage', async () => {
    const template: CertificateModel = (await get(`/v1/certificate_model/${dealId.SGP}`)).json();
    await expectNothingChanged(t, async () => {
      expect((await put(999_999, inputOf(template))).statusCode).toBe(404);
      const refused = await put(dealId.free ?? 0, inputOf(template), exporter);
      expect(refused.statusCode).toBe(403);
    });
    const res = await put(dealId.free ?? 0, { ...inputOf(template), name: 'Modelo do acordo de teste' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deal_id: dealId.free, name: 'Modelo do acordo de teste' });
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'certificate_model'), eq(audits.auditable_id, res.json().id)));
    expect(audit?.event).toBe('created');
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
