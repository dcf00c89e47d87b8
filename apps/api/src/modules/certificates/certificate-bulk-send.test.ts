import { certificateFlow, refusalMessage } from '@origem/contract/flows';
import type { BulkSendResult } from '@origem/contract/schemas/certificate-bulk';
import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { TestApp } from '../../test/app';
import { addExporter, auditsOf, stepsOf } from '../declarations/test-support';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  openCertificateSuite,
  uploadInvoice,
} from './test-support';

/**
 * Issue 25: "send for analysis" in bulk. Each id goes through the single action's service in its own transaction:
 * per-row outcomes, the same history, audit rows and webhooks, a refusal that undoes nothing else, ids out of reach
 * answered as not found, and the request's Idempotency-Key replaying the whole answer.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
let declaration = 0;
const PATH = '/v1/certificate/send_analysis';

const bulk = (ids: unknown, token = tok.exportador, headers: Record<string, string> = {}) =>
  t.request('POST', PATH, { token, body: { ids }, headers });

/** A draft of the demo exporter; `ready` attaches the commercial invoice it needs to be sent. */
async function draft(invoice: string, ready = true): Promise<number> {
  const res = await t.request('POST', '/v1/certificate', {
    token: tok.exportador,
    body: certificateBody(r, [declaration], { invoice_number: invoice }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  if (ready) expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  return id;
}

const deliveriesOf = (id: number) =>
  queryRows<{ event: string }>(
    t.db,
    sql`select event from webhook_deliveries where (payload->>'id')::int = ${id} order by id`,
  );

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista']));
  declaration = await approvedDeclaration(t.db, r);
  // The exporter's ERP listens for its certificates being sent.
  await t.db.execute(sql`insert into webhook_endpoints (owner_kind, owner_id, url, events, secret)
    values ('exporter', ${r.exporterId}, 'https://erp.example.com/hook', '{certificate.sent}'::text[], 'segredo')`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /v1/certificate/send_analysis', () => {
  it('sends each ready draft and answers every id with its own outcome, in the order asked', async () => {
    const first = await draft('LOTE-001');
    const noInvoice = await draft('LOTE-002', false);
    const alreadySent = await draft('LOTE-003');
    expect((await t.request('POST', `${PATH}/${alreadySent}`, { token: tok.exportador })).statusCode).toBe(
      200,
    );
    const foreign = await draft('LOTE-004');
    const other = await addExporter(t.db, r.association, 251, 'Exportadora Vizinha Ltda.');
    await t.db.execute(sql`update certificates set exporter_id = ${other.id} where id = ${foreign}`);
    const last = await draft('LOTE-005');

    const res = await bulk([first, noInvoice, alreadySent, foreign, 999_999, last]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<BulkSendResult>();
    expect(answer.sent).toBe(2);
    expect(answer.refused).toBe(4);
    expect(answer.data.map((row) => [row.id, row.outcome, row.status, row.message])).toEqual([
      [first, 'sent', 'ENVIADO', 'Enviado.'],
      [noInvoice, 'refused', 'RASCUNHO', text.commercialInvoiceRequired],
      [alreadySent, 'refused', 'ENVIADO', refusalMessage(certificateFlow, 'send_analysis', 'ENVIADO')],
      [foreign, 'not_found', null, 'Certificado não encontrado.'],
      [999_999, 'not_found', null, 'Certificado não encontrado.'],
      [last, 'sent', 'ENVIADO', 'Enviado.'],
    ]);
    expect(answer.data[0]?.invoice_number).toBe('LOTE-001');
    // Nothing about the other exporter's certificate leaks: not its invoice, not its status.
    expect(res.body).not.toContain('LOTE-004');

    // The sent ones have the single action's history step, audit row and webhook; the refused ones nothing new.
    for (const id of [first, last]) {
      expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
      expect((await stepsOf(t.db, 'certificate', id)).map((s) => s.action)).toEqual([
        'create',
        'send_analysis',
      ]);
      const audits = await auditsOf(t.db, 'certificate', id);
      expect(audits.map((a) => a.event)).toEqual(['created', 'updated', 'send_analysis']);
      expect(audits.at(-1)?.new_values).toMatchObject({ status: 'ENVIADO' });
      expect((await deliveriesOf(id)).map((d) => d.event)).toEqual(['certificate.sent']);
    }
    expect((await certificateRow(t.db, noInvoice))?.status).toBe('RASCUNHO');
    expect((await auditsOf(t.db, 'certificate', noInvoice)).map((a) => a.event)).toEqual(['created']);
    expect(await deliveriesOf(noInvoice)).toEqual([]);
    expect((await certificateRow(t.db, foreign))?.status).toBe('RASCUNHO');
    expect((await auditsOf(t.db, 'certificate', foreign)).map((a) => a.event)).toEqual([
      'created',
      'updated',
    ]);
    expect((await auditsOf(t.db, 'certificate', alreadySent)).map((a) => a.event)).toEqual([
      'created',
      'updated',
      'send_analysis',
    ]);
  });

  it('sends a reproved certificate again, like the single action', async () => {
    const id = await draft('LOTE-010');
    expect((await bulk([id])).json<BulkSendResult>().sent).toBe(1);
    const taken = await t.request('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`, {
      token: tok.analista,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const reproved = await t.request('POST', `/v1/certificate/reprove/${id}`, {
      token: tok.analista,
      body: { reasons: ['Fatura ilegível'] },
    });
    expect(reproved.statusCode, reproved.body).toBe(200);
    const again = await bulk([id, id]);
    expect(again.json<BulkSendResult>().data).toMatchObject([{ id, outcome: 'sent', status: 'ENVIADO' }]);
    // The analyst who reproved it no longer holds it: any analyst may take it.
    expect((await certificateRow(t.db, id))?.analyst_id).toBeNull();
  });

  it('sends a digital certificate for signature, mailing its legal representative as the single action does', async () => {
    const res = await t.request('POST', '/v1/certificate', {
      token: tok.exportador,
      body: certificateBody(r, [declaration], { invoice_number: 'LOTE-015', has_digital_signature: true }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
    const answer = (await bulk([id])).json<BulkSendResult>();
    expect(answer.data).toMatchObject([{ id, outcome: 'sent', status: 'AGUARDANDO_ASSINATURA' }]);
    expect((await stepsOf(t.db, 'certificate', id)).at(-1)?.action).toBe('send_for_signature');
    const mails = await queryRows<{ text: string }>(
      t.db,
      sql`select m.text from mail_outbox m join legal_representatives l on l.email = m."to"
           where l.id = ${r.exporterRepresentative}`,
    );
    expect(mails.filter((m) => new RegExp(`/certificado-consulta/${id}(?!\\d)`).test(m.text))).toHaveLength(
      1,
    );
  });

  it('replays the answer for the same Idempotency-Key and sends nothing twice', async () => {
    const a = await draft('LOTE-020');
    const b = await draft('LOTE-021', false);
    const headers = { 'Idempotency-Key': 'lote-envio-20' };
    const first = await bulk([a, b], tok.exportador, headers);
    expect(first.statusCode, first.body).toBe(200);
    const auditsBefore = await auditsOf(t.db, 'certificate', a);
    const retry = await bulk([a, b], tok.exportador, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await auditsOf(t.db, 'certificate', a)).toEqual(auditsBefore);
    const [key] = await queryRows<{ record_id: number | null }>(
      t.db,
      sql`select record_id from idempotency_keys where key = 'lote-envio-20'`,
    );
    expect(key?.record_id).toBe(a);
    const reused = await bulk([b], tok.exportador, headers);
    expect(reused.statusCode).toBe(409);
  });

  it('sends a full batch of 100, each with its own history step', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 100; n += 1) ids.push(await draft(`LOTE-1${String(n).padStart(2, '0')}`));
    const started = performance.now();
    const res = await bulk(ids);
    const elapsed = Math.round(performance.now() - started);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<BulkSendResult>();
    expect([answer.sent, answer.refused]).toEqual([100, 0]);
    const [steps] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from flow_steps
           where flow = 'certificate' and action = 'send_analysis' and record_id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    expect(steps?.n).toBe(100);
    console.info(`envio em lote: 100 certificados em ${elapsed} ms`);
  }, 180_000);

  it('asks for 1 to 100 ids and the permission to send', async () => {
    const empty = await bulk([]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual(['Selecione ao menos um certificado.']);
    const many = await bulk(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.ids).toEqual(['Selecione no máximo 100 certificados por vez.']);
    const id = await draft('LOTE-030');
    const analyst = await bulk([id], tok.analista);
    expect(analyst.statusCode).toBe(403);
    expect((await certificateRow(t.db, id))?.status).toBe('RASCUNHO');
  });
});
