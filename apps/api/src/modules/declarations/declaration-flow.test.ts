import { ErrorCode } from '@origem/contract/errors';
import { declarationFlow, refusalMessage } from '@origem/contract/flows';
import { declarationMessages as text } from '@origem/contract/schemas/declarations';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { declarations, tradeAssociations } from '../../db/schema';
import { findOwnerFile } from '../../files/records';
import { enqueueJob } from '../../jobs/queue';
import { DEMO_ROLES, type DemoRole, type TestApp } from '../../test/app';
import { pdfDrawnText, pdfFonts, pdfQrCodes, pdfText } from '../../test/pdf';
import { declarationCopies } from './copy-policy';
import { DECLARATION_EXPIRY_JOB } from './expiry';
import {
  addUser,
  auditsOf,
  type DemoRefs,
  exporterDeclaration,
  openDeclarationSuite,
  statusOf,
  stepsOf,
} from './test-support';

/**
 * The declaration's workflow on the kernel (DOMAIN.md §3): every action allowed and refused by role and state, the
 * analyst's lock, two analysts racing, the daily expiry, clones and the PDFs.
 */

let t: TestApp;
let r: DemoRefs;
let tok: Record<DemoRole, string>;
const BASE = '/v1/declaration';
let secondAnalyst = '';
let secondAnalystId = 0;

type Detail = {
  id: number;
  status: string;
  actions: string[];
  analyst: { id: number; name: string } | null;
  approved_at: string | null;
  valid_until: string | null;
  rejection_reason: string | null;
  delivery_location: { id: number; name: string } | null;
  can: { edit: boolean; delete: boolean; clone: boolean };
};
type Action = { message: string | null; declaration: Detail };

const draft = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.request('POST', BASE, {
    token: tok.exportador,
    body: exporterDeclaration(r, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Detail>().id;
};
const call = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
  t.request(method, `${BASE}/${path}`, { token, ...(body === undefined ? {} : { body }) });
const send = (id: number, token = tok.exportador) => call('POST', `send_analysis/${id}`, token);
const take = (id: number, token = tok.analista) =>
  call('GET', `send_analyzing/${id}?type_analysis=analise`, token);
/** `location` null sends no location at all. */
const approve = (id: number, token = tok.analista, location: number | null = r.location) =>
  call('POST', `approve_delivery/${id}`, token, location === null ? {} : { delivery_location_id: location });
const reject = (id: number, reason: string, token = tok.analista) =>
  call('POST', `reject/${id}`, token, { reason });

/** The declaration, its history and its audit trail: what a refused action must leave as it was. */
const snapshot = async (id: number) => ({
  row: (await t.db.select().from(declarations).where(eq(declarations.id, id)))[0],
  steps: await stepsOf(t.db, 'declaration', id),
  audits: (await auditsOf(t.db, 'declaration', id)).length,
});

const todayPlus = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ t, r, tok } = await openDeclarationSuite(DEMO_ROLES));
  secondAnalyst = await addUser(t, {
    email: 'segundo.analista@teste.local',
    role: 'analista',
    tradeAssociationId: r.association,
    federationId: r.federation,
  });
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from users where email = 'segundo.analista@teste.local'`,
  );
  secondAnalystId = rows[0]?.id ?? 0;
});

afterAll(async () => {
  await t?.close();
});

describe('the happy path: draft → sent → in analysis → approved', () => {
  it('moves through every state with its history, audit rows and the actions each user may take', async () => {
    const id = await draft();
    const sent = await send(id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Action>()).toMatchObject({
      message: declarationFlow.actions.send_analysis.success,
      declaration: { status: 'ENVIADA', actions: [], can: { edit: false, delete: false, clone: true } },
    });
    // The analyst's view of a sent declaration offers taking it or rejecting it.
    const consult = await call('GET', `send_analyzing/${id}?type_analysis=consulta`, tok.analista);
    expect(consult.json<Action>()).toMatchObject({
      message: null,
      declaration: { status: 'ENVIADA', actions: ['take', 'reject'] },
    });
    expect(await stepsOf(t.db, 'declaration', id)).toHaveLength(2);

    const taken = await take(id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Action>()).toMatchObject({
      message: declarationFlow.actions.take.success,
      declaration: {
        status: 'EM_ANALISE',
        analyst: { id: r.users.analista, name: 'Bruno Analista' },
        // Digital approval is offered only once the signature is stored.
        actions: ['approve_delivery', 'reject'],
      },
    });

    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json<Action>();
    expect(body.message).toBe(text.approved);
    expect(body.declaration).toMatchObject({
      status: 'APROVADA',
      valid_until: todayPlus(180),
      delivery_location: { id: r.location },
      actions: [],
    });
    expect(Date.now() - new Date(body.declaration.approved_at ?? 0).getTime()).toBeLessThan(60_000);

    expect(await stepsOf(t.db, 'declaration', id)).toEqual([
      { action: 'create', from_status: null, to_status: 'RASCUNHO', user_id: r.users.exportador, note: null },
      {
        action: 'send_analysis',
        from_status: 'RASCUNHO',
        to_status: 'ENVIADA',
        user_id: r.users.exportador,
        note: null,
      },
      {
        action: 'take',
        from_status: 'ENVIADA',
        to_status: 'EM_ANALISE',
        user_id: r.users.analista,
        note: null,
      },
      {
        action: 'approve_delivery',
        from_status: 'EM_ANALISE',
        to_status: 'APROVADA',
        user_id: r.users.analista,
        note: null,
      },
    ]);
    const audits = await auditsOf(t.db, 'declaration', id);
    expect(audits.map((a) => [a.event, a.user_id])).toEqual([
      ['created', r.users.exportador],
      ['send_analysis', r.users.exportador],
      ['take', r.users.analista],
      ['approve_delivery', r.users.analista],
    ]);
    expect(audits[3]).toMatchObject({
      old_values: { status: 'EM_ANALISE' },
      new_values: { status: 'APROVADA', valid_until: todayPlus(180), delivery_location_id: r.location },
    });
  });

  it("counts validity in the deal's days", async () => {
    await t.db.execute(sql`update deals set declaration_validity_days = 30 where id = ${r.mercosul}`);
    const id = await draft();
    await send(id);
    await take(id);
    expect((await approve(id)).json<Action>().declaration.valid_until).toBe(todayPlus(30));
    await t.db.execute(sql`update deals set declaration_validity_days = 180 where id = ${r.mercosul}`);
  });
});

describe('refusals: by role and by state, each changing nothing', () => {
  it('refuses each action a role may not take (403) and each the state does not allow (422)', async () => {
    const id = await draft();
    const before = await snapshot(id);
    // Only the owner's side creates and sends; only the analysis roles take, approve and reject.
    for (const role of ['analista', 'associacao', 'federacao', 'confederacao', 'despachante'] as const) {
      expect((await send(id, tok[role])).statusCode, role).toBe(403);
    }
    for (const role of ['exportador', 'fabricante', 'federacao', 'confederacao', 'despachante'] as const) {
      expect((await take(id, tok[role])).statusCode, role).toBe(403);
      expect((await approve(id, tok[role])).statusCode, role).toBe(403);
      expect((await reject(id, 'não', tok[role])).statusCode, role).toBe(403);
      expect((await call('POST', `digitally_signed/${id}`, tok[role])).statusCode, role).toBe(403);
    }
    // A draft cannot be taken, approved or rejected.
    for (const res of [await take(id), await approve(id), await reject(id, 'Incompleta')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: ErrorCode.FlowActionRefused });
    }
    expect((await take(id)).json()).toMatchObject({
      message: refusalMessage(declarationFlow, 'take', 'RASCUNHO'),
    });
    // The manufacturer's user does not reach the exporter's declaration at all.
    expect((await send(id, tok.fabricante)).statusCode).toBe(404);
    expect(await snapshot(id)).toEqual(before);

    expect((await send(id)).statusCode).toBe(200);
    const sent = await snapshot(id);
    expect((await send(id)).json()).toMatchObject({
      code: ErrorCode.FlowActionRefused,
      message: refusalMessage(declarationFlow, 'send_analysis', 'ENVIADA'),
    });
    expect((await approve(id)).statusCode).toBe(422);
    expect((await call('POST', `digitally_signed/${id}`, tok.analista)).statusCode).toBe(422);
    expect(await snapshot(id)).toEqual(sent);

    await take(id);
    const taken = await snapshot(id);
    expect((await take(id, secondAnalyst)).statusCode).toBe(422);
    // Approving needs a delivery location that exists.
    const noPlace = await approve(id, tok.analista, null);
    expect(noPlace.statusCode).toBe(422);
    expect(noPlace.json()).toMatchObject({ errors: { delivery_location_id: [text.deliveryLocation] } });
    const wrongPlace = await approve(id, tok.analista, 999_999);
    expect(wrongPlace.statusCode).toBe(422);
    expect(wrongPlace.json()).toMatchObject({ errors: { delivery_location_id: ['Opção inválida.'] } });
    // Rejecting needs the reason.
    expect((await reject(id, '   ')).json()).toMatchObject({ errors: { reason: [text.reasonRequired] } });
    expect(await snapshot(id)).toEqual(taken);

    await approve(id);
    const approved = await snapshot(id);
    for (const res of [await send(id), await take(id), await approve(id), await reject(id, 'Tarde demais')]) {
      expect(res.statusCode).toBe(422);
    }
    expect(await snapshot(id)).toEqual(approved);
  });

  it('a taken declaration is decided only by its analyst (or an administrator)', async () => {
    const id = await draft();
    await send(id);
    await take(id);
    const before = await snapshot(id);
    const other = await approve(id, secondAnalyst);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: ErrorCode.FlowActionRefused, message: text.takenByOther });
    expect((await reject(id, 'Outro motivo', secondAnalyst)).json()).toMatchObject({
      message: text.takenByOther,
    });
    expect(
      (await call('GET', `send_analyzing/${id}?type_analysis=consulta`, secondAnalyst)).json(),
    ).toMatchObject({
      declaration: { actions: [], analyst: { id: r.users.analista } },
    });
    expect(await snapshot(id)).toEqual(before);
    // The association's user holds the analysis permission too, but not this analyst's declaration.
    expect((await approve(id, tok.associacao)).statusCode).toBe(422);
    const byAdmin = await reject(id, 'Revisão do administrador', tok.admin);
    expect(byAdmin.statusCode).toBe(200);
  });

  it("digital approval needs the legal representative's verified signature on record (signed_at, signed_by_cpf)", async () => {
    const id = await draft();
    await send(id);
    await take(id);
    const before = await snapshot(id);
    const refused = await call('POST', `digitally_signed/${id}`, tok.analista);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: ErrorCode.FlowActionRefused, message: text.signatureRequired });
    expect(await snapshot(id)).toEqual(before);

    await t.db
      .update(declarations)
      .set({ signed_at: new Date(), signed_by_cpf: '12345678909' })
      .where(eq(declarations.id, id));
    const signed = await call('POST', `digitally_signed/${id}`, tok.analista);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<Action>().declaration).toMatchObject({
      status: 'APROVADA',
      delivery_location: null,
      valid_until: todayPlus(180),
    });
  });

  it('validates type_analysis', async () => {
    const res = await call('GET', 'send_analyzing/1?type_analysis=ver', tok.analista);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'ValidationError' });
  });
});

describe('rejection, correction and resending', () => {
  it('a rejected declaration shows the reason, may be edited and sent again to any analyst', async () => {
    const id = await draft();
    await send(id);
    await take(id);
    const rejected = await reject(id, 'Informe o processo produtivo completo.');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Action>()).toMatchObject({
      message: text.rejected,
      declaration: {
        status: 'REPROVADA',
        rejection_reason: 'Informe o processo produtivo completo.',
        can: { edit: false, delete: false },
      },
    });
    const owner = (await t.request('GET', `${BASE}/${id}`, { token: tok.exportador })).json<Detail>();
    expect(owner).toMatchObject({ can: { edit: true, delete: true }, actions: ['send_analysis'] });
    const edited = await t.request('PUT', `${BASE}/${id}`, {
      token: tok.exportador,
      body: exporterDeclaration(r, {
        production_process: 'Torra em tambor rotativo, moagem fina e embalagem a vácuo.',
      }),
    });
    expect(edited.statusCode).toBe(200);
    const resent = await send(id);
    expect(resent.json<Action>().declaration).toMatchObject({
      status: 'ENVIADA',
      analyst: null,
      rejection_reason: null,
    });
    // Free for another analyst now.
    expect((await take(id, secondAnalyst)).json<Action>().declaration.analyst?.id).toBe(secondAnalystId);
    expect((await stepsOf(t.db, 'declaration', id)).find((s) => s.action === 'reject')).toMatchObject({
      from_status: 'EM_ANALISE',
      to_status: 'REPROVADA',
      note: 'Informe o processo produtivo completo.',
    });
  });

  it('a sent declaration may be rejected without being taken', async () => {
    const id = await draft();
    await send(id);
    expect((await reject(id, 'Documento ilegível', tok.associacao)).statusCode).toBe(200);
    expect(await statusOf(t.db, id)).toBe('REPROVADA');
  });
});

describe('two analysts racing to take one declaration', () => {
  it('one takes it; the other is refused and nothing of it is written', async () => {
    const id = await draft();
    await send(id);
    const [a, b] = await Promise.all([take(id, tok.analista), take(id, secondAnalyst)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 422]);
    const winner = a.statusCode === 200 ? r.users.analista : secondAnalystId;
    const [row] = await t.db.select().from(declarations).where(eq(declarations.id, id));
    expect(row).toMatchObject({ status: 'EM_ANALISE', analyst_id: winner });
    const takes = (await stepsOf(t.db, 'declaration', id)).filter((s) => s.action === 'take');
    expect(takes).toEqual([
      { action: 'take', from_status: 'ENVIADA', to_status: 'EM_ANALISE', user_id: winner, note: null },
    ]);
    expect((await auditsOf(t.db, 'declaration', id)).filter((x) => x.event === 'take')).toHaveLength(1);
  });
});

describe('cloning', () => {
  it('copies the header and materials into a new draft (not the file), its history noting the source', async () => {
    const id = await draft();
    await send(id);
    await take(id);
    await approve(id);
    const res = await call('POST', `clone/${id}`, tok.exportador);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<
      Action & { declaration: Detail & { materials: unknown[]; product_name: string } }
    >();
    expect(copy.declaration.id).not.toBe(id);
    expect(copy.message).toBe(text.cloned(copy.declaration.id));
    expect(copy.declaration).toMatchObject({
      status: 'RASCUNHO',
      product_name: 'Café torrado e moído tipo exportação',
      approved_at: null,
      valid_until: null,
      analyst: null,
      delivery_location: null,
      manufacturer_declaration: null,
      actions: ['send_analysis'],
    });
    expect(copy.declaration.materials).toHaveLength(2);
    expect(await stepsOf(t.db, 'declaration', copy.declaration.id)).toEqual([
      {
        action: 'create',
        from_status: null,
        to_status: 'RASCUNHO',
        user_id: r.users.exportador,
        note: text.clonedFrom(id),
      },
    ]);
    expect((await auditsOf(t.db, 'declaration', copy.declaration.id))[0]).toMatchObject({
      event: 'created',
      new_values: { cloned_from: id, status: 'RASCUNHO' },
    });
    // Analysts do not clone; another party's user does not reach it.
    expect((await call('POST', `clone/${id}`, tok.analista)).statusCode).toBe(403);
    expect((await call('POST', `clone/${id}`, tok.fabricante)).statusCode).toBe(404);
  });
});

describe('the daily expiry job', () => {
  it('is registered and scheduled with the kernel', () => {
    expect(t.app.jobs.kinds).toContain(DECLARATION_EXPIRY_JOB);
  });

  it('moves approved declarations past their validity to VENCIDA, with a system history step and audit row', async () => {
    const expired = await draft();
    const valid = await draft();
    for (const id of [expired, valid]) {
      await send(id);
      await take(id);
      await approve(id);
    }
    await t.db
      .update(declarations)
      .set({ valid_until: todayPlus(-1) })
      .where(eq(declarations.id, expired));
    await t.db
      .update(declarations)
      .set({ valid_until: todayPlus(0) })
      .where(eq(declarations.id, valid));

    await enqueueJob(t.db, { kind: DECLARATION_EXPIRY_JOB, dedupeKey: `test:${Date.now()}` });
    expect(await t.app.jobs.runDue([DECLARATION_EXPIRY_JOB])).toBe(1);

    expect(await statusOf(t.db, expired)).toBe('VENCIDA');
    // Its last day is today: still valid.
    expect(await statusOf(t.db, valid)).toBe('APROVADA');
    expect((await stepsOf(t.db, 'declaration', expired)).at(-1)).toEqual({
      action: 'expire',
      from_status: 'APROVADA',
      to_status: 'VENCIDA',
      user_id: null,
      note: null,
    });
    expect((await auditsOf(t.db, 'declaration', expired)).at(-1)).toMatchObject({
      event: 'expire',
      user_id: null,
      old_values: { status: 'APROVADA' },
      new_values: { status: 'VENCIDA' },
    });
    const [job] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from jobs where kind = ${DECLARATION_EXPIRY_JOB} order by id desc limit 1`,
    );
    expect(job?.status).toBe('CONCLUIDO');
    // VENCIDA is final: no one acts on it any more.
    const detail = (await t.request('GET', `${BASE}/${expired}`, { token: tok.admin })).json<Detail>();
    expect(detail).toMatchObject({ status: 'VENCIDA', actions: [] });
    // A second run finds nothing more to do.
    await enqueueJob(t.db, { kind: DECLARATION_EXPIRY_JOB, dedupeKey: `test2:${Date.now()}` });
    await t.app.jobs.runDue([DECLARATION_EXPIRY_JOB]);
    expect((await stepsOf(t.db, 'declaration', expired)).filter((s) => s.action === 'expire')).toHaveLength(
      1,
    );
  });
});

describe('the PDFs', () => {
  let id = 0;
  beforeAll(async () => {
    id = await draft();
  });

  const print = (path: string, token = tok.exportador) =>
    t.request('GET', `${BASE}/${path}/${id}`, { token });

  it('prints a real declaration: parties, product, NCM, materials, criterion, signature block and QR code', async () => {
    const res = await print('print');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="declaracao-${id}.pdf"`);
    const pdf = res.rawPayload;
    const content = pdfText(pdf);
    for (const expected of [
      'DECLARAÇÃO DE ORIGEM DO PRODUTOR',
      'Associação Comercial de Santos',
      `Declaração nº ${id}`,
      'Café Santista Exportadora Ltda.',
      'Torrefação Serra Azul Ltda.',
      'Café torrado e moído tipo exportação',
      '0901.21.00',
      '3923.29.90',
      'Embalagem laminada',
      'China (não originário)',
      'ST — ',
      'Regime de Origem do MERCOSUL',
      'Marina Tavares Lima',
      'Responsável legal — Café Santista Exportadora Ltda.',
    ]) {
      expect(content, expected).toContain(expected);
    }
    expect(content).toMatch(/US\$\s?8,00/);
    // Not approved yet: no value.
    expect(pdfDrawnText(pdf)).toContain('SEMVALOR');
    expect(pdfFonts(pdf).every((font) => font.embedded)).toBe(true);
    expect(pdfQrCodes(pdf)).toEqual([`http://origem.test/declaracao-consulta/${id}`]);
  });

  it('the approved declaration prints without the mark; its preview always carries it', async () => {
    await send(id);
    await take(id);
    await approve(id);
    // Rendered once, by the job the approval queued, and stored; the print serves it with its ETag.
    expect(await t.app.jobs.runDue([declarationCopies.job])).toBeGreaterThan(0);
    const stored = await findOwnerFile(t.db, { type: 'declaration', id }, 'pdf');
    const served = await print('print');
    expect(served.headers.etag).toBe(`"${stored?.sha256}"`);
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const printed = served.rawPayload;
    expect(pdfDrawnText(printed)).not.toContain('SEMVALOR');
    expect(pdfText(printed)).toContain('Situação: Aprovada');
    expect(pdfText(printed)).toContain('VÁLIDA ATÉ');
    const preview = await print('print_preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toContain(`filename="declaracao-${id}.pdf"`);
    expect(pdfDrawnText(preview.rawPayload)).toContain('SEMVALOR');
    // The analyst prints it too; a user out of scope gets 404.
    expect((await print('print', tok.analista)).statusCode).toBe(200);
    expect((await print('print', tok.fabricante)).statusCode).toBe(404);
    expect((await print('print_preview', tok.despachante)).statusCode).toBe(404);
  });

  it('print-signed is a clear 404 while the declaration is not approved with a digital signature', async () => {
    const res = await print('print-signed');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', message: text.signedPdfMissing });
    expect(
      (await t.request('GET', `${BASE}/print-signed/999999`, { token: tok.exportador })).json(),
    ).toMatchObject({
      message: 'Registro não encontrado.',
    });
  });

  it('prints the issuing association’s logo in the header when it has one', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const issued = await print('print');
    const [association] = await t.db.select().from(tradeAssociations);
    const form = (await import('../../test/multipart')).multipart({
      name: association?.name ?? '',
      ehid: association?.ehid ?? 'ACS',
      federation_id: String(association?.federation_id ?? ''),
      file: { filename: 'logo.png', content: png, contentType: 'image/png' },
    });
    const saved = await t.request('POST', `/v1/trade_association/${association?.id}`, {
      token: tok.admin,
      ...form,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await print('print_preview');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    // The approved declaration's PDF was rendered once, at approval (issue 39): the new logo does not reach it.
    const again = await print('print');
    expect(again.rawPayload.equals(issued.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(issued.headers.etag);
  });
});

it('no mutation answered without its audit row', () => {
  expect(t.app.unauditedMutations).toEqual([]);
});
