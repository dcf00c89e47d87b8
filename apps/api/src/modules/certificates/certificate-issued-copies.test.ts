import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOwnerFile } from '../../files/records';
import type { TestApp } from '../../test/app';
import { pdfDrawnText, pdfText } from '../../test/pdf';
import { CERTIFICATE_COPIES_JOB } from './issued-copies';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  openCertificateSuite,
  uploadInvoice,
} from './test-support';

/**
 * Issue 39: an issued certificate's PDF is rendered once (by the job its issue queues, or by the first print when
 * the job has not run) and stored; every print serves those bytes with a strong ETag; the cancellation stores the
 * watermarked copy in its place; a draft is still rendered on every print.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
const BASE = '/v1/certificate';

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], {}, { ncm: true }));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const print = (id: number, headers: Record<string, string> = {}, token = tok.exportador) =>
  t.request('GET', `${BASE}/print?certificateId=${id}`, { token, headers });
const ok = async (method: 'GET' | 'POST', url: string, token: string, body?: object) => {
  const res = await t.request(method, url, { token, body });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
};
const observe = (id: number, text: string) =>
  t.db.execute(sql`update certificates set observations = ${text} where id = ${id}`);
const copyOf = (id: number, role: string) => findOwnerFile(t.db, { type: 'certificate', id }, role);
const runCopies = () => t.app.jobs.runDue([CERTIFICATE_COPIES_JOB]);
const bytesOf = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.app.files.read(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/** A new certificate of the demo exporter, as a draft (with its invoice, ready to send). */
async function draft(observations: string): Promise<number> {
  const declaration = await approvedDeclaration(t.db, r);
  const res = await t.request('POST', BASE, {
    token: tok.exportador,
    body: certificateBody(r, [declaration], { observations }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  return id;
}

async function issue(id: number): Promise<void> {
  await ok('POST', `${BASE}/send_analysis/${id}`, tok.exportador);
  await ok('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, tok.analista);
  await ok('POST', `${BASE}/approve/${id}`, tok.analista);
}

describe('an issued certificate’s PDF', () => {
  let id = 0;
  let etag = '';
  let issued: Buffer = Buffer.alloc(0);

  it('is rendered once by the job its issue queues: a file row and its bytes in the store', async () => {
    id = await draft('Embarque original');
    await issue(id);
    expect(await copyOf(id, 'pdf')).toBeNull();
    expect(await runCopies()).toBe(1);
    const stored = await copyOf(id, 'pdf');
    expect(stored?.mime_type).toBe('application/pdf');
    issued = await bytesOf(stored?.storage_key ?? '');
    expect(pdfText(issued)).toContain('Embarque original');
    expect(pdfDrawnText(issued)).not.toContain('SINVALOR');
  }, 60_000);

  it('serves those bytes on every print, unchanged by a later change to the data, with one ETag', async () => {
    // Were the print rendered again, this observation would show, and the items' NCM without a description would
    // refuse it (422 NcmDescriptionError).
    await observe(id, 'Alterado depois da emissão');
    await t.db.execute(
      sql`update certificate_items set ncm = '99999999', ncm_description = null where certificate_id = ${id}`,
    );
    const first = await print(id);
    const second = await print(id, {}, tok.analista);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.equals(issued)).toBe(true);
    expect(second.rawPayload.equals(issued)).toBe(true);
    etag = String(first.headers.etag);
    expect(etag).toBe(`"${(await copyOf(id, 'pdf'))?.sha256}"`);
    expect(second.headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toContain('private');
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(/^inline; filename="certificado-BR/);
    expect((await print(id, {}, tok.analista)).statusCode).toBe(200);
    // Put back: the cancellation's watermarked copy below is rendered from the data.
    await t.db.execute(
      sql`update certificate_items set ncm = '09012100', ncm_description = 'Café torrado' where certificate_id = ${id}`,
    );
  });

  it('answers If-None-Match with 304 and no body; another tag gets the PDF', async () => {
    const cached = await print(id, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    expect((await print(id, { 'if-none-match': `"outro", W/${etag}` })).statusCode).toBe(304);
    const other = await print(id, { 'if-none-match': '"outro"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(issued)).toBe(true);
  });

  it('stays out of reach of a dispatcher without a link, even with the right ETag (404)', async () => {
    const dispatcher = await t.login('despachante');
    expect((await print(id, {}, dispatcher)).statusCode).toBe(404);
    expect((await print(id, { 'if-none-match': etag }, dispatcher)).statusCode).toBe(404);
  });

  it('is rendered live while a cancellation is pending; once cancelled, the watermarked copy replaces it', async () => {
    await ok('POST', `${BASE}/solicit_cancellation/${id}`, tok.exportador, { reason: 'Embarque desistido' });
    const pending = await print(id);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.headers.etag).toBeUndefined();
    expect(pdfDrawnText(pending.rawPayload)).toContain('SINVALOR');

    await ok('POST', `${BASE}/send_cancellation/${id}`, tok.analista);
    expect(await runCopies()).toBe(1);
    expect(await copyOf(id, 'pdf')).toBeNull();
    const voided = await copyOf(id, 'void_pdf');
    expect(voided).not.toBeNull();
    const first = await print(id);
    const second = await print(id);
    expect(pdfDrawnText(first.rawPayload)).toContain('SINVALOR');
    expect(first.headers.etag).toBe(`"${voided?.sha256}"`);
    expect(first.headers.etag).not.toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The browser's copy of the issued PDF is stale now: it gets the cancelled one.
    expect((await print(id, { 'if-none-match': etag })).statusCode).toBe(200);
  }, 60_000);
});

describe('before the job runs', () => {
  it('the first print renders and stores the copy; the job then keeps it', async () => {
    const id = await draft('Sem o trabalho ainda');
    await issue(id);
    const [a, b] = await Promise.all([print(id), print(id)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(b.headers.etag).toBe(a.headers.etag);
    const stored = await copyOf(id, 'pdf');
    expect(a.headers.etag).toBe(`"${stored?.sha256}"`);
    const rows = await t.db.execute(
      sql`select count(*)::int as n from stored_files where owner_type = 'certificate.pdf' and owner_id = ${id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);

    await observe(id, 'Alterado antes do trabalho');
    await runCopies();
    expect((await copyOf(id, 'pdf'))?.storage_key).toBe(stored?.storage_key);
    expect((await print(id)).rawPayload.equals(a.rawPayload)).toBe(true);
  }, 60_000);
});

describe('a draft', () => {
  it('is rendered on every print: a change shows in the next one, never cached', async () => {
    const id = await draft('Primeira versão');
    const first = await print(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(pdfText(first.rawPayload)).toContain('Primeira versão');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    await observe(id, 'Segunda versão');
    expect(pdfText((await print(id)).rawPayload)).toContain('Segunda versão');
    expect(await copyOf(id, 'pdf')).toBeNull();
  }, 60_000);
});
