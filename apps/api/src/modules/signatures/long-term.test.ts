import { readdirSync } from 'node:fs';
import type { DocumentVerification, SignatureEvidence } from '@origem/contract/schemas/document-verification';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { parseTrustList } from '../../documents/signing/certificate';
import { inspectPdf } from '../../documents/signing/pades-inspect';
import type { TestApp } from '../../test/app';
import {
  itextAvailable,
  itextVerifies,
  opensslVerifiesToken,
  timestampsOf,
} from '../../test/long-term-tools';
import type { PkiPerson } from '../../test/loopback-pki';
import { multipart } from '../../test/multipart';
import { pdfSignatures, pdfText } from '../../test/pdf';
import { a1Form, expectSealedPdf, SEAL, signingTrust } from '../../test/signing';
import {
  approveSigned,
  type CertificateRefs,
  certificateAwaitingSignature,
  certificateRow,
  entityOfficialCpf,
  openCertificateSuite,
} from '../certificates/test-support';
import { representativeCpf } from '../declarations/test-support';

/**
 * Issue 37's "done when", end to end through the routes on the loopback PKI (OpenSSL as CA, OCSP responder, CRL
 * issuer and TSA): a certificate signed and issued has a PDF copy at B-LTA that pdfsig, OpenSSL and iText accept,
 * an evidence record OpenSSL accepts, and the verification page reports both; after the signer's certificate is
 * revoked, the document signed before still verifies with its evidence and a new signature by that signer is
 * refused. And the authority down: the certificate waits, the job retries, a metric and a mail say so.
 */

const BASE = '/v1/certificate';
const trust = await signingTrust('long-term-', { seal: true });
const { pki } = trust;
const METRICS_TOKEN = 'metricas-de-teste-0123456789';
let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
let representative: PkiPerson;
let official: PkiPerson;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], {
    ...trust.env,
    METRICS_TOKEN,
  }));
  representative = await pki.issuePerson({
    name: 'RESPONSAVEL LEGAL',
    cpf: await representativeCpf(t.db, r.exporterRepresentative),
  });
  official = await pki.issuePerson({ name: 'OFICIAL DA ENTIDADE', cpf: await entityOfficialCpf(t.db) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await trust.remove();
});

const sign = async (stage: 'first' | 'second', id: number, person: PkiPerson) =>
  t.request('POST', `${BASE}/${stage}/signature/xml/a1/${id}`, {
    token: stage === 'first' ? tok.exportador : tok.analista,
    ...a1Form(await pki.pkcs12(person, 'segredo')),
  });

/** A certificate taken through both signatures; returns its id (status as the authority allows). */
async function signedCertificate(): Promise<number> {
  const id = await certificateAwaitingSignature(t, r, tok.exportador);
  const first = await sign('first', id, representative);
  expect(first.statusCode, first.body).toBe(200);
  await approveSigned(t, tok.analista, id);
  const second = await sign('second', id, official);
  expect(second.statusCode, second.body).toBe(200);
  return id;
}

const verify = (name: string, content: Buffer, contentType: string, url = '/v1/document/verification') =>
  t.request('POST', url, { ...multipart({ file: { filename: name, content, contentType } }) });

describe('a certificate issued for the long term', () => {
  let id = 0;
  let cod: Buffer = Buffer.alloc(0);
  let pdf: Buffer = Buffer.alloc(0);

  beforeAll(async () => {
    id = await signedCertificate();
    cod = (await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador })).rawPayload;
    pdf = expectSealedPdf(
      await t.request('GET', `${BASE}/print-signed/${id}`, { token: tok.exportador }),
      '.pdf',
    );
  }, 120_000);

  it('is issued once the authority dates its COD; the evidence record and its timestamp are served', async () => {
    expect((await certificateRow(t.db, id))?.status).toBe('EMITIDO');
    const evidence = await t.request('GET', `${BASE}/evidence/${id}`, { token: tok.exportador });
    expect(evidence.statusCode, evidence.body).toBe(200);
    expect(evidence.json<SignatureEvidence>()).toMatchObject({
      status: 'complete',
      authority: 'ACT Teste Loopback',
      signers: [
        { role: 'exporter', name: `RESPONSAVEL LEGAL:${representative.cpf}` },
        { role: 'entity', name: `OFICIAL DA ENTIDADE:${official.cpf}` },
      ],
    });
    const reply = await t.request('GET', `${BASE}/xml/timestamp/${id}`, { token: tok.exportador });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/timestamp-reply');
    expect(reply.headers['content-disposition']).toContain(`certificado-${id}.tsr`);
    // OpenSSL, over the exact bytes the XML download serves.
    const verdict = await opensslVerifiesToken(reply.rawPayload, { data: cod }, pki.trustPem, 'reply');
    expect(verdict.output).toContain('Verification: OK');
    // …and not over other bytes.
    const other = await opensslVerifiesToken(
      reply.rawPayload,
      { data: Buffer.concat([cod, Buffer.from(' ')]) },
      pki.trustPem,
      'reply',
    );
    expect(other.ok).toBe(false);
    // Another exporter's user reaches neither.
    const dispatcher = await t.login('despachante');
    expect((await t.request('GET', `${BASE}/xml/timestamp/${id}`, { token: dispatcher })).statusCode).toBe(
      404,
    );
  });

  it('has a print-signed copy at B-LTA that pdfsig, OpenSSL and iText accept', async () => {
    const report = inspectPdf(pdf, parseTrustList(pki.trustPem));
    expect(report.problems).toEqual([]);
    expect(report.level).toBe('B-LTA');
    expect(pdfSignatures(pdf)).toContain(`${SEAL.name}:${SEAL.cpf}`);
    for (const token of timestampsOf(pdf)) {
      expect((await opensslVerifiesToken(token.token, { data: token.data }, pki.trustPem)).output).toContain(
        'Verification: OK',
      );
    }
    if (itextAvailable) {
      const itext = await itextVerifies(pdf, pki.trustPem);
      expect(itext.output).toMatch(/^SIGNATURE .*integrity=true .*imprint=true/m);
      expect(itext.output).toMatch(/^DOCTIMESTAMP .*wholeDocument=true integrity=true/m);
      expect(itext.output).toMatch(/^DSS certs=\d+ ocsps=\d+ crls=\d+/m);
      expect(itext.ok, itext.output).toBe(true);
    }
  });

  it('is reported by the public verification page: the PDF at B-LTA, the COD with its evidence, a PDF report', async () => {
    const pdfReport = await verify('certificado.pdf', pdf, 'application/pdf');
    expect(pdfReport.statusCode, pdfReport.body).toBe(200);
    const pdfBody = pdfReport.json<DocumentVerification>();
    expect(pdfBody).toMatchObject({
      kind: 'pdf',
      valid: true,
      pdf: { pades_level: 'B-LTA', whole_file_covered: true },
    });
    expect(pdfBody.pdf?.signatures[0]).toMatchObject({
      kind: 'signature',
      signer_cpf: '***.223.330-**',
      integrity: { ok: true },
      chain: { ok: true },
      timestamp: { ok: true, authority: 'ACT Teste Loopback' },
      revocation: { status: 'good' },
    });
    const codReport = await verify('cod.xml', cod, 'application/xml');
    expect(codReport.statusCode, codReport.body).toBe(200);
    const codBody = codReport.json<DocumentVerification>();
    expect(codBody).toMatchObject({
      kind: 'cod',
      valid: true,
      cod: { schema: { valid: true }, record: { match: 'same' } },
      evidence: { timestamp: { ok: true, authority: 'ACT Teste Loopback' } },
    });
    expect(codBody.evidence?.signers.map((s) => s.revocation.status)).toEqual(['good', 'good']);
    const printed = await verify('cod.xml', cod, 'application/xml', '/v1/document/verification/pdf?lang=es');
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(pdfText(printed.rawPayload)).toContain('Informe de verificación');
    // Nothing is kept of what was uploaded: no file record, no blob in the storage folder.
    const blobs = () => readdirSync(t.app.config.dataDir, { recursive: true }).length;
    const before = blobs();
    const files = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`);
    const again = await verify('certificado.pdf', pdf, 'application/pdf');
    expect(again.statusCode).toBe(200);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`)).toEqual(
      files,
    );
    expect(blobs()).toBe(before);
  });

  it('refuses a changed byte and says why, without storing anything', async () => {
    const changed = Buffer.from(pdf);
    changed[300] = (changed[300] ?? 0) ^ 0x01;
    const body = (await verify('alterado.pdf', changed, 'application/pdf')).json<DocumentVerification>();
    expect(body.valid).toBe(false);
    expect(body.problems.join(' ')).toMatch(/alterado/);
    const codChanged = Buffer.from(cod.toString('utf8').replace('<CertificateID>', '<CertificateID> '));
    const codBody = (await verify('cod.xml', codChanged, 'application/xml')).json<DocumentVerification>();
    expect(codBody.valid).toBe(false);
    expect((await verify('nota.txt', Buffer.from('olá'), 'text/plain')).statusCode).toBe(422);
  });

  it('after the revocation: the document signed before still verifies with its evidence; a new signature is refused', async () => {
    await pki.revoke(representative);
    const codBody = (await verify('cod.xml', cod, 'application/xml')).json<DocumentVerification>();
    expect(codBody.valid).toBe(true);
    expect(codBody.evidence?.signers.map((s) => s.revocation.status)).toEqual(['good', 'good']);
    expect(
      (await verify('certificado.pdf', pdf, 'application/pdf')).json<DocumentVerification>(),
    ).toMatchObject({
      valid: true,
      pdf: { pades_level: 'B-LTA' },
    });
    const reply = (await t.request('GET', `${BASE}/xml/timestamp/${id}`, { token: tok.exportador }))
      .rawPayload;
    expect((await opensslVerifiesToken(reply, { data: cod }, pki.trustPem, 'reply')).output).toContain(
      'Verification: OK',
    );

    const next = await certificateAwaitingSignature(t, r, tok.exportador);
    const refused = await sign('first', next, representative);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/RESPONSAVEL|responsável legal/);
    expect(refused.json<{ message: string }>().message).toMatch(/foi revogado em/);
    expect((await certificateRow(t.db, next))?.status).toBe('AGUARDANDO_ASSINATURA');
    const cods = await queryRows(t.db, sql`select 1 from certificate_cods where certificate_id = ${next}`);
    expect(cods).toHaveLength(0);
    // The A1 of another, valid, representative certificate signs it.
    representative = await pki.issuePerson({ name: 'RESPONSAVEL LEGAL', cpf: representative.cpf });
  });
});

describe('the time-stamping authority down', () => {
  it('the certificate waits in AGUARDANDO_CARIMBO, the job retries, a metric and one alert mail say so', async () => {
    pki.settings.tsaDown = true;
    let id = 0;
    try {
      id = await signedCertificate();
      expect((await certificateRow(t.db, id))?.status).toBe('AGUARDANDO_CARIMBO');
      const evidence = await t.request('GET', `${BASE}/evidence/${id}`, { token: tok.exportador });
      expect(evidence.json<SignatureEvidence>().status).toBe('pending');
      const [job] = await queryRows<{ status: string; kind: string }>(
        t.db,
        sql`select status, kind from jobs where kind = 'signature_timestamp' and payload->>'id' = ${String(id)}`,
      );
      expect(job).toEqual({ status: 'PENDENTE', kind: 'signature_timestamp' });
      const mails = await queryRows<{ to: string; subject: string }>(
        t.db,
        sql`select "to", subject from mail_outbox where subject like '%carimbo do tempo fora do ar%'`,
      );
      expect(mails.map((m) => m.to)).toContain('admin@origem.local');
      const metrics = await t.request('GET', '/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toMatch(/^origem_evidence_awaiting_timestamp 1$/m);
      expect(metrics.body).toMatch(/^origem_jobs\{kind="signature_timestamp",status="PENDENTE"\} 1$/m);
      // Still down when the job runs: a retry with back-off, and no second mail for the same outage.
      await t.db.execute(sql`update jobs set run_at = now() where kind = 'signature_timestamp'`);
      await t.app.jobs.runDue(['signature_timestamp']);
      const [retried] = await queryRows<{ status: string; attempts: number; last_error: string }>(
        t.db,
        sql`select status, attempts, last_error from jobs where kind = 'signature_timestamp' and payload->>'id' = ${String(id)}`,
      );
      expect(retried).toMatchObject({ status: 'PENDENTE', attempts: 1 });
      expect(retried?.last_error).toMatch(/HTTP 503/);
      const alerts = await queryRows(
        t.db,
        sql`select 1 from mail_outbox where subject like '%carimbo do tempo fora do ar%'`,
      );
      expect(alerts).toHaveLength(mails.length);
    } finally {
      pki.settings.tsaDown = false;
    }
    // Back: the next run issues the certificate.
    await t.db.execute(
      sql`update jobs set run_at = now() where kind = 'signature_timestamp' and status = 'PENDENTE'`,
    );
    await t.app.jobs.runDue(['signature_timestamp']);
    expect((await certificateRow(t.db, id))?.status).toBe('EMITIDO');
    const evidence = await t.request('GET', `${BASE}/evidence/${id}`, { token: tok.exportador });
    expect(evidence.json<SignatureEvidence>()).toMatchObject({
      status: 'complete',
      authority: 'ACT Teste Loopback',
    });
    const history = await queryRows<{ action: string; to_status: string }>(
      t.db,
      sql`select action, to_status from flow_steps where flow = 'certificate' and record_id = ${id} order by id desc limit 2`,
    );
    expect(history).toEqual([
      { action: 'timestamp_issue', to_status: 'EMITIDO' },
      { action: 'second_signature', to_status: 'AGUARDANDO_CARIMBO' },
    ]);
  }, 120_000);
});
