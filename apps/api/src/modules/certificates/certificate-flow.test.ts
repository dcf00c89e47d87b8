import { ErrorCode } from '@origem/contract/errors';
import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateItems, certificates } from '../../db/schema';
import { DEMO_ROLES, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { addExporter, addUser, auditsOf, linkDispatcher, stepsOf } from '../declarations/test-support';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  daysAgo,
  mailsTo,
  openCertificateSuite,
  PDF,
  uploadInvoice,
} from './test-support';

/**
 * The certificate's workflow on the kernel (DOMAIN.md §4): every action allowed and refused by role and state (a
 * refused one changes nothing), numbering, the 180-day rule, cancellation, substitution lineage with the
 * rectification counter, the exporter's mails, scope and audit.
 */

let t: TestApp;
let r: CertificateRefs;
const ROLES = DEMO_ROLES.filter((role) => role !== 'fabricante');
let tok: Record<(typeof ROLES)[number], string>;
const BASE = '/v1/certificate';
let decA = 0;
let decB = 0;
const EXPORTER_MAIL = 'comex@cafesantista.origem.local';

type Detail = {
  id: number;
  status: string;
  actions: string[];
  certificate_number: string | null;
  rectification: number;
  issued_at: string | null;
  valid_until: string | null;
  last_reason: string | null;
  replaces: { id: number; certificate_number: string | null; status: string } | null;
  replaced_by: { id: number; certificate_number: string | null; status: string } | null;
  verification_url: string | null;
  items: {
    declaration_id: number;
    ncm: string;
    description: string;
    quantity: string;
    fob_value_usd: string;
  }[];
  can: { edit: boolean; delete: boolean; clone: boolean };
};
type ActionAnswer = { message: string | null; certificate: Detail };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, body?: unknown) =>
  t.request(method, `${BASE}/${path}`, { token, ...(body === undefined ? {} : { body }) });

const draft = async (overrides: Record<string, unknown> = {}, ids = [decA, decB], token = tok.exportador) => {
  const res = await t.request('POST', BASE, { token, body: certificateBody(r, ids, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Detail>().id;
};
const send = (id: number, token = tok.exportador) => call('POST', `send_analysis/${id}`, token);
const take = (id: number, token = tok.analista) =>
  call('GET', `send_analyzing/${id}?type_analysis=analise`, token);
const approve = (id: number, token = tok.analista) => call('POST', `approve/${id}`, token);

/** A draft with its invoice, sent and taken: EM_ANALISE. */
const inAnalysis = async (overrides: Record<string, unknown> = {}) => {
  const id = await draft(overrides);
  expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  expect((await send(id)).statusCode).toBe(200);
  expect((await take(id)).statusCode).toBe(200);
  return id;
};
const issued = async () => {
  const id = await inAnalysis();
  const res = await approve(id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActionAnswer>().certificate;
};

/** The row, its items, history and audit trail: what a refused action must leave as it was. */
const snapshot = async (id: number) => ({
  row: await certificateRow(t.db, id),
  items: await t.db.select().from(certificateItems).where(eq(certificateItems.certificate_id, id)),
  steps: await stepsOf(t.db, 'certificate', id),
  audits: await auditsOf(t.db, 'certificate', id),
});

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(ROLES, {}, { ncm: true }));
  decA = await approvedDeclaration(t.db, r, { productName: 'Café torrado em grão', ncm: '09012100' });
  decB = await approvedDeclaration(t.db, r, { productName: 'Café verde', ncm: '09011110' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('drafting', () => {
  it('creates a draft with items copied from the cited declarations, its first step and audit row', async () => {
    const id = await draft();
    const res = await call('GET', String(id), tok.exportador);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail.status).toBe('RASCUNHO');
    expect(
      detail.items.map((i) => [i.declaration_id, i.ncm, i.description, i.quantity, i.fob_value_usd]),
    ).toEqual([
      [decA, '09012100', 'Café torrado em grão', '100.000', '1000.50'],
      [decB, '09011110', 'Café verde', '200.000', '2000.50'],
    ]);
    expect(detail.actions).toEqual(['send_analysis']);
    expect(detail.can).toEqual({ edit: true, delete: true, clone: true });
    expect((await stepsOf(t.db, 'certificate', id)).map((s) => [s.action, s.to_status])).toEqual([
      ['create', 'RASCUNHO'],
    ]);
    expect((await auditsOf(t.db, 'certificate', id)).map((a) => a.event)).toEqual(['created']);
    expect(t.app.unauditedMutations).toEqual([]);
  });

  it('refuses items from declarations the exporter may not cite, next to each item', async () => {
    const other = await addExporter(t.db, r.association, 91, 'Outra Exportadora Ltda.');
    const foreign = await approvedDeclaration(t.db, r, { exporterId: other.id });
    const chile = await approvedDeclaration(t.db, r, { dealId: r.chile });
    const [draftDecl] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into declarations (status, exporter_id, trade_association_id, company_manufacturer_id, legal_representative_id, deal_id, product_name, ncm, production_process, fob_unit_value_min, fob_unit_value_max, origin_rule_id, origin_norm_id)
          select 'RASCUNHO', exporter_id, trade_association_id, company_manufacturer_id, legal_representative_id, deal_id, 'Rascunho', ncm, 'x', 1, 2, origin_rule_id, origin_norm_id from declarations where id = ${decA} returning id`,
    );
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(certificates);
    const res = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [decA, foreign, chile, draftDecl?.id ?? 0]),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual([
      'items.1.declaration_id',
      'items.2.declaration_id',
      'items.3.declaration_id',
    ]);
    expect(errors['items.1.declaration_id']).toEqual([text.declarationNotCitable]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(certificates)).toEqual(before);
  });

  it('applies the 180-day rule to the invoice date (and refuses a future one)', async () => {
    const old = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [decA], { invoice_date: daysAgo(181) }),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json<{ errors: Record<string, string[]> }>().errors.invoice_date).toEqual([
      text.invoiceTooOld,
    ]);
    const future = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [decA], { invoice_date: daysAgo(-2) }),
    });
    expect(future.json<{ errors: Record<string, string[]> }>().errors.invoice_date).toEqual([
      text.invoiceInFuture,
    ]);
    await draft({ invoice_date: daysAgo(180) });

    // An invoice that was fresh when drafted but is older than 180 days on the day of issue is refused at approval.
    const id = await inAnalysis();
    await t.db.execute(sql`update certificates set invoice_date = ${daysAgo(181)} where id = ${id}`);
    const before = await snapshot(id);
    const res = await approve(id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.FlowActionRefused, message: text.invoiceTooOld });
    expect(await snapshot(id)).toEqual(before);
  });

  it('edits and deletes only in RASCUNHO or REPROVADO; staff without the permission get 403', async () => {
    const id = await draft();
    const edited = await call(
      'PUT',
      String(id),
      tok.exportador,
      certificateBody(r, [decB], { invoice_number: 'FAT-9' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Detail>().items).toHaveLength(1);
    expect((await call('DELETE', String(id), tok.analista)).statusCode).toBe(403);
    expect((await call('DELETE', String(id), tok.exportador)).statusCode).toBe(200);
    expect(await certificateRow(t.db, id)).toBeUndefined();
    expect((await auditsOf(t.db, 'certificate', id)).map((a) => a.event)).toEqual([
      'created',
      'updated',
      'deleted',
    ]);

    const done = await issued();
    const before = await snapshot(done.id);
    expect((await call('PUT', String(done.id), tok.exportador, certificateBody(r, [decA]))).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', String(done.id), tok.exportador)).statusCode).toBe(409);
    expect(await snapshot(done.id)).toEqual(before);
  });
});

describe('sending and analysis', () => {
  it('needs the commercial invoice (and the intervenor’s when there is one) before sending', async () => {
    const id = await draft({ company_intervenor_id: r.intervenor });
    const before = await snapshot(id);
    const res = await send(id);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(text.commercialInvoiceRequired);
    expect(await snapshot(id)).toEqual(before);

    expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
    const second = await send(id);
    expect(second.json<{ message: string }>().message).toBe(text.intervenorInvoiceRequired);
    expect((await uploadInvoice(t, tok.exportador, id, 'intervenor_invoice')).statusCode).toBe(200);
    const sent = await send(id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ActionAnswer>().certificate.status).toBe('ENVIADO');

    const download = await call('GET', `intervenor_invoice/download/${id}`, tok.analista);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('fatura_comercial_interveniente.pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses actions by role with 403 and by state with 422, changing nothing', async () => {
    const id = await draft();
    await uploadInvoice(t, tok.exportador, id);
    const before = await snapshot(id);
    for (const role of ['analista', 'federacao', 'confederacao'] as const) {
      expect((await send(id, tok[role])).statusCode, role).toBe(403);
    }
    expect((await take(id)).statusCode).toBe(422);
    expect((await approve(id)).statusCode).toBe(422);
    expect(
      (await call('POST', `solicit_cancellation/${id}`, tok.exportador, { reason: 'x' })).statusCode,
    ).toBe(422);
    expect(await snapshot(id)).toEqual(before);

    expect((await send(id)).statusCode).toBe(200);
    const sent = await snapshot(id);
    for (const role of ['exportador', 'despachante', 'federacao', 'confederacao'] as const) {
      expect((await take(id, tok[role])).statusCode, role).toBe(403);
      expect((await approve(id, tok[role])).statusCode, role).toBe(403);
    }
    expect((await call('POST', `reprove/${id}`, tok.analista, { reasons: ['x'] })).statusCode).toBe(422);
    expect(await snapshot(id)).toEqual({ ...sent });
  });

  it('locks the certificate to the analyst who took it', async () => {
    const id = await inAnalysis();
    const other = await addUser(t, {
      email: 'analista2@origem.local',
      role: 'analista',
      tradeAssociationId: r.association,
    });
    const before = await snapshot(id);
    const res = await approve(id, other);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(text.takenByOther);
    expect(await snapshot(id)).toEqual(before);
  });

  it('reproves with reasons (mailed to the exporter), then the exporter edits and re-sends', async () => {
    const id = await inAnalysis();
    expect((await call('POST', `reprove/${id}`, tok.analista, {})).statusCode).toBe(422);
    const res = await call('POST', `reprove/${id}`, tok.analista, {
      reasons: ['Peso líquido divergente da fatura', 'Falta o interveniente'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ActionAnswer>().certificate;
    expect(detail.status).toBe('REPROVADO');
    expect(detail.last_reason).toBe('Peso líquido divergente da fatura\nFalta o interveniente');
    const mails = await mailsTo(t.db, EXPORTER_MAIL);
    expect(mails.at(-1)?.text).toContain('Peso líquido divergente da fatura');
    expect(mails.at(-1)?.subject).toContain('REPROVADO');
    expect((await call('PUT', String(id), tok.exportador, certificateBody(r, [decA]))).statusCode).toBe(200);
    expect((await send(id)).json<ActionAnswer>().certificate.status).toBe('ENVIADO');
  });
});

describe('issue and numbering', () => {
  it('approves: numbers the certificate BR+EHId+acronym+year+sequence+00, valid 12 months, mails the exporter', async () => {
    const mailsBefore = (await mailsTo(t.db, EXPORTER_MAIL)).length;
    const detail = await issued();
    const year = daysAgo(0).slice(2, 4);
    expect(detail.status).toBe('EMITIDO');
    expect(detail.certificate_number).toMatch(new RegExp(`^BRACSA18${year}\\d{8}00$`));
    expect(detail.rectification).toBe(0);
    expect(detail.issued_at).not.toBeNull();
    const validity = new Date(`${daysAgo(0)}T00:00:00Z`);
    validity.setUTCMonth(validity.getUTCMonth() + 12);
    expect(detail.valid_until).toBe(validity.toISOString().slice(0, 10));
    expect(detail.actions.sort()).toEqual([]);
    expect(detail.verification_url).toMatch(/^http:\/\/origem\.test\/verificar\/[A-Z2-9]{24}$/);
    const exporterView = await call('GET', String(detail.id), tok.exportador);
    expect(exporterView.json<Detail>().actions.sort()).toEqual([
      'solicit_cancellation',
      'solicit_substitution',
    ]);
    const mails = await mailsTo(t.db, EXPORTER_MAIL);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)?.text).toContain(detail.certificate_number ?? '-');
    const steps = await stepsOf(t.db, 'certificate', detail.id);
    expect(steps.map((s) => s.action)).toEqual(['create', 'send_analysis', 'take', 'approve']);
    const audits = await auditsOf(t.db, 'certificate', detail.id);
    expect(audits.at(-1)).toMatchObject({
      event: 'approve',
      new_values: expect.objectContaining({
        status: 'EMITIDO',
        certificate_number: detail.certificate_number,
      }),
    });
  });

  it('gives 100 concurrent approvals 100 distinct CertificateIDs in sequence', async () => {
    const ids = await queryRows<{ id: number }>(
      t.db,
      sql`insert into certificates (status, exporter_id, trade_association_id, legal_representative_id, deal_id,
                company_importer_id, invoice_number, invoice_date, verification_code)
          select 'EM_ANALISE', ${r.exporterId}, ${r.association}, ${r.exporterRepresentative}, ${r.chile},
                 ${r.importer}, 'LOTE-' || g, ${daysAgo(5)}, md5(random()::text || g)
            from generate_series(1, 100) g returning id`,
    );
    const answers = await Promise.all(ids.map(({ id }) => approve(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const numbers = answers.map((a) => a.json<ActionAnswer>().certificate.certificate_number ?? '');
    expect(new Set(numbers).size).toBe(100);
    const sequences = numbers.map((n) => Number(n.slice(10, 18))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(numbers.every((n) => n.startsWith(`BRACSA35${daysAgo(0).slice(2, 4)}`) && n.endsWith('00'))).toBe(
      true,
    );
  }, 120_000);

  it('refuses to number when the association has no EHId, changing nothing', async () => {
    const id = await inAnalysis();
    await t.db.execute(sql`update trade_associations set ehid = null where id = ${r.association}`);
    try {
      const before = await snapshot(id);
      const res = await approve(id);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(text.numberingUnavailable);
      expect(await snapshot(id)).toEqual(before);
    } finally {
      await t.db.execute(sql`update trade_associations set ehid = 'ACS' where id = ${r.association}`);
    }
  });

  it('registers the association’s control number once sent, not on a draft', async () => {
    const id = await draft();
    const body = { association_certification_id: 'ACS-2026-0042' };
    expect((await call('POST', `associationCertificationId/${id}`, tok.analista, body)).statusCode).toBe(409);
    await uploadInvoice(t, tok.exportador, id);
    await send(id);
    expect((await call('POST', `associationCertificationId/${id}`, tok.exportador, body)).statusCode).toBe(
      403,
    );
    const res = await call('POST', `associationCertificationId/${id}`, tok.analista, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await certificateRow(t.db, id))?.association_certification_id).toBe('ACS-2026-0042');
  });
});

describe('cancellation and substitution', () => {
  it('cancels on request; the public verification says Cancelado', async () => {
    const detail = await issued();
    const before = await snapshot(detail.id);
    expect((await call('POST', `solicit_cancellation/${detail.id}`, tok.exportador, {})).statusCode).toBe(
      422,
    );
    expect((await call('POST', `send_cancellation/${detail.id}`, tok.analista)).statusCode).toBe(422);
    expect(await snapshot(detail.id)).toEqual(before);
    const asked = await call('POST', `solicit_cancellation/${detail.id}`, tok.exportador, {
      reason: 'Embarque desistido',
    });
    expect(asked.json<ActionAnswer>().certificate.status).toBe('CANCELAMENTO_SOLICITADO');
    expect((await call('POST', `send_cancellation/${detail.id}`, tok.exportador)).statusCode).toBe(403);
    const refused = await call('POST', `reprove_cancellation/${detail.id}`, tok.analista, {
      reason: 'Já embarcado',
    });
    expect(refused.json<ActionAnswer>().certificate.status).toBe('EMITIDO');
    await call('POST', `solicit_cancellation/${detail.id}`, tok.exportador, { reason: 'Embarque desistido' });
    const cancelled = await call('POST', `send_cancellation/${detail.id}`, tok.analista);
    expect(cancelled.json<ActionAnswer>().certificate.status).toBe('CANCELADO');
    expect(cancelled.json<ActionAnswer>().certificate.actions).toEqual([]);

    const code = (detail.verification_url ?? '').split('/').at(-1) ?? '';
    const page = await t.request('GET', `${BASE}/verification/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      certificate_number: detail.certificate_number,
      status: 'CANCELADO',
      status_label: 'Cancelado',
      exporter: 'Café Santista Exportadora Ltda.',
    });
    expect(page.body).not.toContain('fob');
    expect((await t.request('GET', `${BASE}/verification/ABCDEFGH23456789ABCDEFGH`)).statusCode).toBe(404);
  });

  it('substitutes: the original becomes SUBSTITUIDO, the new draft keeps the base with rectification 01', async () => {
    const original = await issued();
    const noLetter = await t.request('POST', `${BASE}/solicit_substitution/${original.id}`, {
      token: tok.exportador,
      ...multipart({ reason: 'Peso errado' }),
    });
    expect(noLetter.statusCode).toBe(422);
    const asked = await t.request('POST', `${BASE}/solicit_substitution/${original.id}`, {
      token: tok.exportador,
      ...multipart({
        reason: 'Peso bruto errado',
        file: { filename: 'carta.pdf', content: PDF, contentType: 'application/pdf' },
      }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ActionAnswer>().certificate.status).toBe('SUBSTITUICAO_SOLICITADA');
    const letter = await call('GET', `substitution/download/${original.id}`, tok.analista);
    expect(letter.headers['content-disposition']).toContain('substituicao.pdf');

    const approved = await call('POST', `send_substitution/${original.id}`, tok.analista);
    expect(approved.statusCode, approved.body).toBe(200);
    const { substitute_id: subId, certificate } = approved.json<ActionAnswer & { substitute_id: number }>();
    expect(certificate.status).toBe('SUBSTITUIDO');
    expect(certificate.replaced_by).toEqual({ id: subId, certificate_number: null, status: 'RASCUNHO' });

    const sub = (await call('GET', String(subId), tok.exportador)).json<Detail>();
    expect(sub.status).toBe('RASCUNHO');
    expect(sub.rectification).toBe(1);
    expect(sub.replaces).toEqual({
      id: original.id,
      certificate_number: original.certificate_number,
      status: 'SUBSTITUIDO',
    });
    expect(sub.items.map((i) => i.declaration_id)).toEqual(original.items.map((i) => i.declaration_id));

    await uploadInvoice(t, tok.exportador, subId);
    await send(subId);
    await take(subId);
    const subIssued = (await approve(subId)).json<ActionAnswer>().certificate;
    expect(subIssued.certificate_number).toBe(`${original.certificate_number?.slice(0, -2)}01`);

    const code = (original.verification_url ?? '').split('/').at(-1) ?? '';
    const page = (await t.request('GET', `${BASE}/verification/${code}`)).json<{
      status_label: string;
      substituted_by: string;
    }>();
    expect(page).toMatchObject({ status_label: 'Substituído', substituted_by: subIssued.certificate_number });
    expect((await stepsOf(t.db, 'certificate', subId))[0]?.note).toBe(text.substituteOf(original.id));
  });

  it('refuses a substitution request with the reason, back to EMITIDO', async () => {
    const original = await issued();
    await t.request('POST', `${BASE}/solicit_substitution/${original.id}`, {
      token: tok.exportador,
      ...multipart({
        reason: 'x',
        file: { filename: 'carta.pdf', content: PDF, contentType: 'application/pdf' },
      }),
    });
    const res = await call('POST', `reprove_substitution/${original.id}`, tok.analista, {
      reason: 'Carta sem assinatura',
    });
    expect(res.json<ActionAnswer>().certificate).toMatchObject({
      status: 'EMITIDO',
      last_reason: 'Carta sem assinatura',
    });
  });

  it('clones header and items into a new draft', async () => {
    const original = await issued();
    const res = await call('POST', `clone/${original.id}`, tok.exportador);
    expect(res.statusCode).toBe(201);
    const copy = res.json<ActionAnswer>().certificate;
    expect(copy).toMatchObject({
      status: 'RASCUNHO',
      certificate_number: null,
      rectification: 0,
      replaces: null,
    });
    expect(copy.items).toHaveLength(2);
  });
});

describe('scope', () => {
  it('a dispatcher without an approved link gets 404; with one it lists, reads and drafts for the exporter', async () => {
    const id = await draft();
    expect((await call('GET', String(id), tok.despachante)).statusCode).toBe(404);
    expect((await send(id, tok.despachante)).statusCode).toBe(404);
    const list = await t.request('GET', BASE, { token: tok.despachante });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    expect(
      (
        await t.request('POST', BASE, {
          token: tok.despachante,
          body: certificateBody(r, [decA], { exporter_id: r.exporterId }),
        })
      ).statusCode,
    ).toBe(422);

    await linkDispatcher(t.db, r.exporterId);
    expect((await call('GET', String(id), tok.despachante)).statusCode).toBe(200);
    const created = await t.request('POST', BASE, {
      token: tok.despachante,
      body: certificateBody(r, [decA], { exporter_id: r.exporterId }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ dispatcher: { id: number } | null }>().dispatcher).not.toBeNull();
  });

  it('lists latest flow step first, with the SPEC §7 filters', async () => {
    const first = await draft({ invoice_number: 'ORDEM-A' });
    const second = await draft({ invoice_number: 'ORDEM-B' });
    await uploadInvoice(t, tok.exportador, first);
    await send(first);
    const page = (await t.request('GET', BASE, { token: tok.analista })).json<{ data: { id: number }[] }>();
    expect(page.data.slice(0, 2).map((c) => c.id)).toEqual([first, second]);
    const filtered = await t.request('GET', `${BASE}?invoice_number=ordem-&certificate_flow_id=ENVIADO`, {
      token: tok.analista,
    });
    expect(filtered.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([first]);
    // The invoice filter is "starts with", in any case; a LIKE wildcard typed by the user is taken literally.
    const ids = async (term: string) =>
      (await t.request('GET', `${BASE}?invoice_number=${encodeURIComponent(term)}`, { token: tok.analista }))
        .json<{ data: { id: number }[] }>()
        .data.map((c) => c.id);
    expect(await ids(' ordem-b ')).toEqual([second]);
    expect(await ids('RDEM-B')).toEqual([]);
    expect(await ids('ORDEM_B')).toEqual([]);
    expect(await ids('%B')).toEqual([]);
    for (const q of [
      `exporter_id=${r.exporterId}`,
      `deal_id=${r.mercosul}`,
      `importer_id=${r.importer}`,
      `start_date=${daysAgo(0)}`,
    ]) {
      const res = await t.request('GET', `${BASE}?${q}`, { token: tok.analista });
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json<{ data: { id: number }[] }>().data.map((c) => c.id),
        q,
      ).toContain(first);
    }
    const none = await t.request('GET', `${BASE}?intervenor_id=${r.intervenor}&invoice_number=ORDEM`, {
      token: tok.analista,
    });
    expect(none.json<{ data: unknown[] }>().data).toEqual([]);
    const approved = await t.request('GET', `${BASE}/all_approved`, { token: tok.exportador });
    expect(approved.statusCode).toBe(200);
  });
});
