import { CERTIFICATE_FIELDS, defaultFieldLabel } from '@origem/contract/schemas/nomenclature';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf';
import { type CertificatePdfData, certificatePdf, type ModelField } from './certificate';
import type { PdfLanguage } from './certificate-text';

/** The certificate PDF's sections are numbered without gaps, in the form's language (issue 22). */

function data(language: PdfLanguage, omitted: string[]): CertificatePdfData {
  const fields: Record<string, ModelField> = {};
  for (const f of CERTIFICATE_FIELDS) {
    fields[f.key] = { rule: omitted.includes(f.group) ? 'NA' : 'O', label: defaultFieldLabel(f, language) };
  }
  return {
    id: 7,
    number: null,
    status: 'RASCUNHO',
    language,
    modelName: 'ACE-18 — Certificado de origem ALADI',
    dealName: 'Acordo de Complementação Econômica nº 18',
    dealAbbreviation: 'ACE-18',
    association: { name: 'ACS', address: 'Santos - SP' },
    fields,
    values: { exporter_business_name: 'Café Santista', importer_country: 'Argentina' },
    items: [
      {
        position: 1,
        code: null,
        ncm: '09011110',
        name: 'Café',
        ncmDescription: null,
        quantity: '1200.5',
        unit: 'KG',
        fob: '1234.5',
        criterion: 'ST',
        declarationDate: null,
      },
    ],
    itemsPerPage: 10,
    fontSize: 8,
    paper: 'A4',
    orientation: 'portrait',
    marginMm: 10,
    showLogo: false,
    showQr: false,
    issuedAt: null,
    validUntil: null,
    verificationUrl: 'http://origem.test/verificar/X',
    createdAt: new Date('2026-03-10T12:00:00Z'),
    watermark: true,
  };
}

/** The numbered section titles, in the order they are printed (left column before right in a row). */
const sections = (text: string) =>
  [...text.matchAll(/(?:^|\s{2,})(\d+)\. ([A-ZÁÉÍÓÚ][\p{L} ]+?)(?=\s{2,}|$)/gmu)].map((m) => [
    Number(m[1]),
    m[2],
  ]);

describe('the certificate PDF’s sections', () => {
  it('renumber when the model omits one: 1, 2, 3… with no gap', async () => {
    const text = pdfText(await certificatePdf(data('pt', ['producer', 'intervenor', 'comments'])));
    expect(sections(text)).toEqual([
      [1, 'Exportador'],
      [2, 'Importador'],
      [3, 'Fatura e transporte'],
      [4, 'Mercadorias'],
      [5, 'Declaração do exportador'],
      [6, 'Certificação da entidade'],
    ]);
  });

  it('on a Spanish form are titled in Spanish, with the footer and the draft’s status', async () => {
    const text = pdfText(await certificatePdf(data('es', ['intervenor'])));
    expect(sections(text).map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sections(text)).toContainEqual([3, 'Productor']);
    expect(sections(text)).toContainEqual([6, 'Observaciones']);
    for (const spanish of [
      'CERTIFICADO DE ORIGEN',
      'Solicitud nº 7 — Borrador',
      'Página 1 de 1',
      'Acuerdo: ACE-18',
    ]) {
      expect(text).toContain(spanish);
    }
    for (const portuguese of ['ORIGEM', 'Pedido', 'Rascunho', 'Observações', 'Acordo', 'Complementação']) {
      expect(text).not.toContain(portuguese);
    }
  });

  it('on an English form prints numbers the English way', async () => {
    const text = pdfText(await certificatePdf(data('en', []))).replace(/\u00a0/g, ' ');
    expect(text).toContain('1,200.500');
    expect(text).toContain('US$1,234.50');
    expect(text).toContain('Page 1 of 1');
  });
});
