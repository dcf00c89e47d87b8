import { NCM_DESCRIPTION_ERROR, certificateMessages as text } from '@origem/contract/schemas/certificates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOwnerFile } from '../../files/records';
import type { TestApp } from '../../test/app';
import { pdfDrawnText, pdfQrCodes, pdfText } from '../../test/pdf';
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
 * The certificate's documents (DOMAIN.md §4): the PDF in the deal's form with the QR code to the public
 * verification page (decoded with zbarimg), "SEM VALOR" before issue, NcmDescriptionError, select_ncm, the stored
 * final PDF and the pré-recibo.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
let id = 0;
const BASE = '/v1/certificate';

type Item = { id: number; ncm: string };

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], {}, { ncm: true }));
  const a = await approvedDeclaration(t.db, r, { productName: 'Café torrado em grão', ncm: '09012100' });
  const b = await approvedDeclaration(t.db, r, { productName: 'Café verde beneficiado', ncm: '09011110' });
  const res = await t.request('POST', BASE, {
    token: tok.exportador,
    body: withoutNcmDescriptions(
      certificateBody(r, [a, b], { observations: 'Embarque em contêiner refrigerado' }),
    ),
  });
  id = res.json<{ id: number }>().id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const print = (query: string, token = tok.exportador) =>
  t.request('GET', `${BASE}/print?certificateId=${id}${query}`, { token });

describe('the certificate PDF', () => {
  it('refuses to print with NcmDescriptionError while an item’s NCM has no reference description', async () => {
    const res = await print('');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: NCM_DESCRIPTION_ERROR,
      message: text.ncmDescriptionMissing(['09012100', '09011110']),
    });

    const own = await print('&ncmReference=false');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(pdfText(own.rawPayload)).toContain('Café verde beneficiado');
  });

  it('prints the deal’s form with the chosen descriptions, "SEM VALOR" and the QR to the verification page', async () => {
    await t.db.execute(
      sql`insert into ncm_references (ncm_code, description) values ('09012100', 'Café torrado, não descafeinado')`,
    );
    const detail = (await t.request('GET', `${BASE}/${id}`, { token: tok.exportador })).json<{
      items: Item[];
    }>();
    const green = detail.items.find((i) => i.ncm === '09011110');
    const chosen = await t.request('PATCH', `${BASE}/select_ncm`, {
      token: tok.exportador,
      body: { certificate_id: id, items: [{ id: green?.id, ncm_description: 'Café não torrado, em grão' }] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const res = await print('');
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.rawPayload;
    // Drawn text without spaces: table cells wrap their lines.
    const words = pdfDrawnText(pdf);
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    for (const expected of [
      'CERTIFICADO DE ORIGEN',
      'Café Santista Exportadora Ltda.',
      'Importadora Rioplatense S.A.',
      'NCM 0901.21.00: Café torrado, não descafeinado',
      'NCM 0901.11.10: Café não torrado, em grão',
      'Embarque em contêiner refrigerado',
    ]) {
      expect(words).toContain(squeeze(expected));
    }
    // The ACE-18 model prints its own labels (in its language), the watermark too.
    expect(pdfText(pdf)).toContain('Observaciones');
    expect(pdfDrawnText(pdf)).toContain('SINVALOR');
    // A draft downloads under its request number.
    expect(res.headers['content-disposition']).toContain(`filename="certificado-pedido-${id}.pdf"`);
    const code = (await certificateRow(t.db, id))?.verification_code;
    expect(pdfQrCodes(pdf)).toEqual([`http://origem.test/verificar/${code}`]);
  }, 30_000);

  it('a Spanish form: its sections numbered without gaps, every label and value the product names in Spanish', async () => {
    await t.db.execute(
      sql`update certificates set transport_id = (select id from transports where name = 'Marítimo') where id = ${id}`,
    );
    const res = await print('');
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\u00a0/g, ' ');
    // Section numbers in reading order: 1, 2, 3… whatever the model leaves out.
    const numbers = [...text.matchAll(/(?:^|\s{2,})(\d)\. [A-ZÁÉÍÓÚ][a-záéíóúñ]/gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(6);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    for (const spanish of [
      'CERTIFICADO DE ORIGEN',
      'Solicitud nº',
      'Borrador',
      'Factura y transporte',
      'Mercaderías',
      'Declaración del exportador',
      'Certificación de la entidad',
      'Verifique la autenticidad',
      'Acuerdo: ACE-18',
      'Emitido el',
      'Página 1 de',
      'Marítimo',
      // ST in force today: Dec. CMC 05/23's version, in its own translation ("Salto de clasificación").
      'ST — Salto de',
      'clasificación: el cambio de',
    ]) {
      expect(text).toContain(spanish);
    }
    // No Portuguese word the product prints on its own is left (the exporter's and NCM's texts are their data).
    for (const portuguese of [
      'CERTIFICADO DE ORIGEM',
      'Pedido nº',
      'Rascunho',
      'Fatura',
      'Mercadorias',
      'Observações',
      'Declaração',
      'Certificação',
      'Verifique a autenticidade',
      'Acordo',
      'válido até',
      'Salto tarifário',
      'Denominação',
      'Quantidade',
      'Certificado de origem',
    ]) {
      expect(text).not.toContain(portuguese);
    }
  }, 30_000);

  it('has no final PDF nor pré-recibo before issue; the signed PDF says why it is missing', async () => {
    expect(
      (await t.request('PATCH', `${BASE}/generate_pdf/${id}`, { token: tok.exportador })).statusCode,
    ).toBe(409);
    expect((await t.request('GET', `${BASE}/prereceipt/${id}`, { token: tok.exportador })).statusCode).toBe(
      409,
    );
    const signed = await t.request('GET', `${BASE}/print-signed/${id}`, { token: tok.exportador });
    expect(signed.statusCode).toBe(404);
    expect(signed.json<{ message: string }>().message).toBe(text.signedPdfMissing);
  });

  it('after issue: no watermark, the number printed, the final PDF stored and the pré-recibo with the fee', async () => {
    await uploadInvoice(t, tok.exportador, id);
    expect(
      (await t.request('POST', `${BASE}/send_analysis/${id}`, { token: tok.exportador })).statusCode,
    ).toBe(200);
    await t.request('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, { token: tok.analista });
    const approved = await t.request('POST', `${BASE}/approve/${id}`, { token: tok.analista });
    const number = approved.json<{ certificate: { certificate_number: string } }>().certificate
      .certificate_number;

    const res = await print('');
    expect(pdfDrawnText(res.rawPayload)).not.toContain('SINVALOR');
    expect(pdfText(res.rawPayload)).toContain(number);
    // Numbered: the file is named after the certificate number (BR + EHId + acronym + year + sequence + rectification).
    expect(number).toMatch(/^BR[A-Z0-9]+\d{2}\d{8}\d{2}$/);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="certificado-${number}.pdf"; filename*=UTF-8''certificado-${number}.pdf`,
    );

    const generated = await t.request('PATCH', `${BASE}/generate_pdf/${id}`, { token: tok.analista });
    expect(generated.statusCode, generated.body).toBe(200);
    const stored = await findOwnerFile(t.db, { type: 'certificate', id }, 'pdf');
    expect(stored?.mime_type).toBe('application/pdf');
    expect(t.app.unauditedMutations).toEqual([]);

    const receipt = await t.request('GET', `${BASE}/prereceipt/${id}`, { token: tok.exportador });
    expect(receipt.statusCode).toBe(200);
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toContain('PRÉ-RECIBO');
    expect(receiptText).toContain(number);
  }, 30_000);

  it('is out of reach of a dispatcher without a link (404)', async () => {
    const dispatcher = await t.login('despachante');
    expect((await print('', dispatcher)).statusCode).toBe(404);
    expect((await t.request('GET', `${BASE}/prereceipt/${id}`, { token: dispatcher })).statusCode).toBe(404);
  });
});
