import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { companies, exporters, federations, tradeAssociations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { pdfDrawnText, pdfFonts, pdfQrCodes, pdfText } from '../../test/pdf';
import { applicantParts, taxIds } from './test-support';

/** Pre-registration on the kernel: the flow's actions, history, refusals, races, parents in scope, the receipt. */

let t: TestApp;
const tok: Record<string, string> = {};
let place = { federation: 0, association: 0 };
let otherAssociation = 0;
let otherFederation = 0;
const BASE = '/v1/pre_registration';
const ids = taxIds('6');

beforeAll(async () => {
  t = await createTestApp();
  const [assoc] = await t.db.select().from(tradeAssociations);
  place = { federation: assoc?.federation_id ?? 0, association: assoc?.id ?? 0 };
  const [fed] = await t.db
    .insert(federations)
    .values({ name: 'Federação do Comércio de Minas Gerais', abbreviation: 'FCMG' })
    .returning({ id: federations.id });
  otherFederation = fed?.id ?? 0;
  const [other] = await t.db
    .insert(tradeAssociations)
    .values({
      name: 'Associação Comercial de Belo Horizonte',
      abbreviation: 'ACBH',
      federation_id: otherFederation,
    })
    .returning({ id: tradeAssociations.id });
  otherAssociation = other?.id ?? 0;
  for (const role of ['admin', 'analista', 'associacao', 'federacao']) tok[role] = await t.login(role);
});

afterAll(() => t.close());

async function signUp(overrides: Record<string, PartValue> = {}) {
  const cnpj = ids.cnpj();
  const res = await t.request('POST', BASE, multipart(applicantParts(cnpj, ids.seq, place, overrides)));
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ id: number; name: string }>(), cnpj };
}

async function snapshot() {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select count(*)::int from exporters) as exporters, (select count(*)::int from users) as users,
               (select count(*)::int from flow_steps) as steps, (select count(*)::int from audits) as audits,
               (select count(*)::int from mail_outbox) as mails,
               (select md5(string_agg(p::text, '|' order by p.id)) from pre_registrations p) as rows`,
  );
  return row;
}

describe('flow', () => {
  it('answers the actions the user may take now and the history, from the first step on', async () => {
    const created = await signUp();
    const asAnalyst = await t.request('GET', `${BASE}/${created.id}`, { token: tok.analista });
    expect(asAnalyst.json()).toMatchObject({
      status: 'ENVIADO',
      actions: ['approve', 'pendency', 'reprove'],
      history: [{ action: 'create', from_status: null, to_status: 'ENVIADO', user: null }],
    });
    // The federation reads but does not analyse: no action for it.
    const asFederation = await t.request('GET', `${BASE}/${created.id}`, { token: tok.federacao });
    expect(asFederation.statusCode).toBe(200);
    expect(asFederation.json().actions).toEqual([]);

    const pending = await t.request('POST', `${BASE}/pendency/${created.id}`, {
      token: tok.analista,
      body: { reason: 'Envie o contrato assinado.' },
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().pre_registration).toMatchObject({
      status: 'PENDENTE',
      actions: ['reprove'],
      history: [
        { action: 'create', to_status: 'ENVIADO' },
        {
          action: 'pendency',
          from_status: 'ENVIADO',
          to_status: 'PENDENTE',
          note: 'Envie o contrato assinado.',
          user: { name: expect.any(String) },
        },
      ],
    });
  });

  it('keeps the status column inside the flow: the database refuses any other text', async () => {
    const created = await signUp();
    await expect(
      t.db.execute(sql`update pre_registrations set status = 'ARQUIVADO' where id = ${created.id}`),
    ).rejects.toThrow();
  });

  it('refuses an action the state does not allow, naming the state, and changes nothing', async () => {
    const created = await signUp();
    await t.request('POST', `${BASE}/reprove/${created.id}`, {
      token: tok.analista,
      body: { reason: 'Fora da área.' },
    });
    const before = await snapshot();
    const pendency = await t.request('POST', `${BASE}/pendency/${created.id}`, {
      token: tok.analista,
      body: { reason: 'Tarde demais.' },
    });
    expect(pendency.statusCode).toBe(422);
    expect(pendency.json()).toMatchObject({
      code: 'FlowActionRefused',
      message: 'A ação "Marcar pendência" não está disponível: o pré-cadastro está na situação "Reprovado".',
    });
    // SPEC §8 names 253 for a refused approval.
    const approve = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    expect(approve.statusCode).toBe(253);
    expect(await snapshot()).toEqual(before);
  });

  it('lets exactly one of two analysts approving at once win; the other is refused with 253', async () => {
    const created = await signUp();
    const [first, second] = await Promise.all([
      t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista }),
      t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.associacao }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 253]);
    const made = await t.db.select().from(exporters).where(sql`${exporters.cnpj} = ${created.cnpj}`);
    expect(made).toHaveLength(1);
    const steps = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from flow_steps where flow = 'pre_registration' and record_id = ${created.id}
            and action = 'approve'`,
    );
    expect(steps[0]?.n).toBe(1);
  });
});

describe('edits name parents and identities they may use', () => {
  it('refuses moving a pre-registration to an association outside the editor’s scope', async () => {
    const created = await signUp();
    const cnpj = ids.cnpj();
    const moved = await t.request('POST', `${BASE}/${created.id}`, {
      token: tok.associacao,
      ...multipart(
        applicantParts(
          cnpj,
          ids.seq,
          { federation: otherFederation, association: otherAssociation },
          {
            social_contract: null,
          },
        ),
      ),
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.trade_association_id).toEqual(['Opção inválida.']);
    const [row] = await queryRows<{ trade_association_id: number }>(
      t.db,
      sql`select trade_association_id from pre_registrations where id = ${created.id}`,
    );
    expect(row?.trade_association_id).toBe(place.association);
    // The administrator reaches every association.
    const byAdmin = await t.request('POST', `${BASE}/${created.id}`, {
      token: tok.admin,
      ...multipart(
        applicantParts(
          cnpj,
          ids.seq,
          { federation: otherFederation, association: otherAssociation },
          {
            social_contract: null,
          },
        ),
      ),
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('refuses (251) an edit to a CNPJ another pre-registration or a company already uses', async () => {
    const first = await signUp();
    const second = await signUp();
    const takeFirst = await t.request('POST', `${BASE}/${second.id}`, {
      token: tok.analista,
      ...multipart(applicantParts(first.cnpj, ids.seq, place, { social_contract: null })),
    });
    expect(takeFirst.statusCode).toBe(251);
    expect(takeFirst.json().message).toBe(
      'Este CPF/CNPJ já está em outro pré-cadastro ou no cadastro de empresas do Sistema e não pode ser usado aqui.',
    );

    const companyCnpj = ids.cnpj();
    const [exporter] = await t.db.select({ id: exporters.id }).from(exporters).limit(1);
    await t.db.insert(companies).values({
      company_type_id: 2,
      corporate_name: 'Fabricante Registrada Ltda.',
      cnpj: companyCnpj,
      exporter_id: exporter?.id ?? 0,
      trade_association_id: place.association,
      country_id: 1,
    } as typeof companies.$inferInsert);
    const takeCompany = await t.request('POST', `${BASE}/${second.id}`, {
      token: tok.analista,
      ...multipart(applicantParts(companyCnpj, ids.seq, place, { social_contract: null })),
    });
    expect(takeCompany.statusCode).toBe(251);
    // Keeping its own CNPJ is always fine.
    const keep = await t.request('POST', `${BASE}/${second.id}`, {
      token: tok.analista,
      ...multipart(applicantParts(second.cnpj, ids.seq, place, { social_contract: null })),
    });
    expect(keep.statusCode, keep.body).toBe(200);
  });
});

describe('receipt', () => {
  it('is a PDF with the data, the history and a QR code to the record; "SEM VALOR" until approved', async () => {
    const created = await signUp({ name: 'Cerâmica São João Exportação Ltda.' });
    const res = await t.request('GET', `${BASE}/receipt/${created.id}`, { token: tok.analista });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`comprovante-pre-cadastro-${created.id}.pdf`);
    const pdf = res.rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain(`Comprovante de pré-cadastro nº ${created.id}`);
    expect(text).toContain('Cerâmica São João Exportação Ltda.');
    expect(text).toContain('Situação: Enviado');
    expect(text).toContain('Envio do pré-cadastro');
    expect(pdfDrawnText(pdf)).toContain('SEMVALOR');
    expect(pdfFonts(pdf).every((font) => font.embedded)).toBe(true);
    expect(pdfQrCodes(pdf)).toEqual([`http://origem.test/pre-cadastro-analise/${created.id}`]);

    await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    const approved = (await t.request('GET', `${BASE}/receipt/${created.id}`, { token: tok.analista }))
      .rawPayload;
    expect(pdfText(approved)).toContain('Situação: Aprovado');
    expect(pdfText(approved)).toContain('Aprovar');
    expect(pdfDrawnText(approved)).not.toContain('SEMVALOR');
  });

  it('is out of reach like the record (404 out of scope, 403 without the permission)', async () => {
    const created = await signUp();
    const exporterToken = await t.login('exportador');
    expect(
      (await t.request('GET', `${BASE}/receipt/${created.id}`, { token: exporterToken })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `${BASE}/receipt/999999`, { token: tok.analista })).statusCode).toBe(404);
  });
});
