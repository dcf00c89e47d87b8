import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateItems } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { addExporterWithUser } from '../declarations/test-support';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  openCertificateSuite,
  uploadInvoice,
  withoutNcmDescriptions,
} from './test-support';

/**
 * Issue 22, "forms that do not surprise" on the server: the NCM descriptions travel with the main save, are required
 * to send and to approve when the NCM reference table has none, and the duplicate-invoice lookup a save asks first.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista' | 'despachante', string>;
let roasted = 0;
let green = 0;
const BASE = '/v1/certificate';

type Item = { ncm: string; ncm_description: string | null; reference_description: string | null };
type Detail = { id: number; status: string; invoice_number: string; items: Item[] };

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista', 'despachante'], {}, { ncm: true }));
  roasted = await approvedDeclaration(t.db, r, { productName: 'Café torrado em grão', ncm: '09012100' });
  green = await approvedDeclaration(t.db, r, { productName: 'Café verde', ncm: '09011110' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const create = async (body: object, token = tok.exportador) => {
  const res = await t.request('POST', BASE, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Detail>();
};
const send = (id: number) => t.request('POST', `${BASE}/send_analysis/${id}`, { token: tok.exportador });

describe('NCM descriptions in the form', () => {
  it('are saved with the main save, kept by the next one, and come back beside the reference', async () => {
    const created = await create(certificateBody(r, [roasted, green]));
    expect(created.items.map((i) => i.ncm_description)).toEqual([
      'Descrição impressa do item 1',
      'Descrição impressa do item 2',
    ]);
    expect(created.items.map((i) => i.reference_description)).toEqual([null, null]);

    const body = certificateBody(r, [roasted, green]);
    body.items[1] = { ...body.items[1], ncm_description: 'Café verde em grão, não torrado' } as never;
    const saved = await t.request('PUT', `${BASE}/${created.id}`, { token: tok.exportador, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Detail>().items.map((i) => i.ncm_description)).toEqual([
      'Descrição impressa do item 1',
      'Café verde em grão, não torrado',
    ]);
  });

  it('are required to send when the reference table has none; a reference is enough; a refusal changes nothing', async () => {
    const { id } = await create(withoutNcmDescriptions(certificateBody(r, [roasted, green])));
    expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
    const before = await certificateRow(t.db, id);

    const refused = await send(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      text.ncmDescriptionRequired(['09012100', '09011110']),
    );
    expect(await certificateRow(t.db, id)).toEqual(before);

    // The reference table's description covers roasted coffee; green coffee still needs its own.
    await t.db.execute(
      sql`insert into ncm_references (ncm_code, description) values ('09012100', 'Café torrado, não descafeinado')`,
    );
    try {
      expect((await send(id)).json<{ message: string }>().message).toBe(
        text.ncmDescriptionRequired(['09011110']),
      );
      await t.db
        .update(certificateItems)
        .set({ ncm_description: 'Café verde em grão' })
        .where(eq(certificateItems.certificate_id, id));
      const sent = await send(id);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<{ certificate: Detail }>().certificate.status).toBe('ENVIADO');
    } finally {
      await t.db.execute(sql`delete from ncm_references where ncm_code = '09012100'`);
    }
  });

  it('the analyst meets the same check before approving', async () => {
    const { id } = await create(certificateBody(r, [green]));
    expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
    expect((await send(id)).statusCode).toBe(200);
    const taken = await t.request('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, {
      token: tok.analista,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // A description blanked after sending (select_ncm): approving asks for it again.
    await t.db
      .update(certificateItems)
      .set({ ncm_description: null })
      .where(eq(certificateItems.certificate_id, id));
    const refused = await t.request('POST', `${BASE}/approve/${id}`, { token: tok.analista });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(text.ncmDescriptionRequired(['09011110']));
    expect((await certificateRow(t.db, id))?.status).toBe('EM_ANALISE');
    expect((await certificateRow(t.db, id))?.certificate_number).toBeNull();
  });
});

/** A copy of certificate `id` (same invoice number) that belongs to another exporter. */
async function copyForExporter(id: number, exporterId: number): Promise<void> {
  const columns = (
    await queryRows<{ name: string }>(
      t.db,
      sql`select column_name as name from information_schema.columns
           where table_name = 'certificates' and table_schema = current_schema()
             and column_name not in ('id', 'exporter_id', 'certificate_number', 'number_base', 'verification_code')`,
    )
  ).map((row) => sql.identifier(row.name));
  const list = sql.join(columns, sql`, `);
  await t.db.execute(
    sql`insert into certificates (exporter_id, verification_code, ${list})
        select ${exporterId}, 'OTHEREXPORTER01', ${list} from certificates where id = ${id}`,
  );
}

describe('GET invoice_in_use', () => {
  const inUse = (query: string, token = tok.exportador) =>
    t.request('GET', `${BASE}/invoice_in_use?${query}`, { token });

  it("finds the exporter's other certificates with the number (any case), leaving out the one edited", async () => {
    const first = await create(certificateBody(r, [green], { invoice_number: 'INV-DUP-77' }));
    const second = await create(certificateBody(r, [green], { invoice_number: 'inv-dup-77' }));
    // Another exporter's certificate with the same number is not this exporter's business.
    const other = await addExporterWithUser(t, r.association, 9101, 'Outra Exportadora Ltda.', 'o@x.local');
    await copyForExporter(first.id, other.id);

    const all = await inUse('invoice_number=%20Inv-Dup-77%20');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([first.id, second.id]);
    const editing = await inUse(`invoice_number=INV-DUP-77&except_id=${second.id}`);
    expect(editing.json()).toEqual({
      data: [{ id: first.id, certificate_number: null, status: 'RASCUNHO' }],
    });
    expect((await inUse('invoice_number=INV-DUP-78')).json()).toEqual({ data: [] });
  });

  it('is asked by who saves certificates, for an exporter they reach, with a Portuguese refusal', async () => {
    expect((await inUse('invoice_number=INV-DUP-77', tok.analista)).statusCode).toBe(403);
    // A dispatcher without a link to the exporter reaches none of its certificates.
    const dispatcher = await inUse(`invoice_number=INV-DUP-77&exporter_id=${r.exporterId}`, tok.despachante);
    expect([403, 404, 422]).toContain(dispatcher.statusCode);
    const blank = await inUse('invoice_number=');
    expect(blank.statusCode).toBe(422);
    expect(blank.json<{ message: string }>().message).toMatch(/fatura|inválid/i);
  });
});
