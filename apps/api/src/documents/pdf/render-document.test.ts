import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_SAMPLES,
  DECLARATION_SAMPLE,
  PRE_REGISTRATION_SAMPLE,
  PRERECEIPT_SAMPLE,
} from '../../test/document-samples';
import { pdfDrawnText, pdfFonts, pdfQrCodes, pdfText } from '../../test/pdf';
import { printDecimal } from '../format';
import { type CertificatePdfData, certificatePdf } from './certificate';
import { prereceiptPdf } from './certificate-prereceipt';
import { declarationPdf } from './declaration';
import { preRegistrationReceipt } from './pre-registration-receipt';
import { renderDocument } from './render-document';

/**
 * The documents' renderer as readers see it (poppler's pdftotext, pdffonts, pdftoppm and zbarimg): the same bytes
 * for the same input, fonts embedded as subsets, text that copies as it reads, tables that break between rows
 * with their header on every page, a box longer than a page continued, the watermark on every page.
 */

const sample = CERTIFICATE_SAMPLES['certificado-ace18-es'] as CertificatePdfData;

/** Each page's text (pdftotext -layout), in order. */
function pages(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'origem-pages-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the documents’ renderer', () => {
  it('gives the same bytes for the same input, whatever was rendered before', async () => {
    const first = await certificatePdf(sample);
    await declarationPdf(DECLARATION_SAMPLE);
    await certificatePdf(CERTIFICATE_SAMPLES['certificado-longo-45-itens'] as CertificatePdfData);
    expect((await certificatePdf(sample)).equals(first)).toBe(true);
    expect((await declarationPdf(DECLARATION_SAMPLE)).equals(await declarationPdf(DECLARATION_SAMPLE))).toBe(
      true,
    );
    expect((await prereceiptPdf(PRERECEIPT_SAMPLE)).equals(await prereceiptPdf(PRERECEIPT_SAMPLE))).toBe(
      true,
    );
    // The creation date is the caller's: another moment, another date in the file, nothing else read from the clock.
    expect(first.toString('latin1')).toContain('/CreationDate (D:20260310142500Z)');
    const later = await certificatePdf({ ...sample, createdAt: new Date('2026-04-01T00:00:00Z') });
    expect(later.toString('latin1')).toContain('/CreationDate (D:20260401000000Z)');
    expect(later.length).toBe(first.length);
  });

  it('copies each character as this document drew it, whatever others drew before', () => {
    // Ω (Greek omega) and Ω (the ohm sign) are one glyph in Roboto: each document copies the one it printed.
    const options = { title: 'Ω', createdAt: new Date(0) };
    const greek = renderDocument({ text: 'Resistência de 10 \u03a9' }, options);
    const ohm = renderDocument({ text: 'Resistência de 10 \u2126' }, options);
    expect(pdfText(greek)).toContain('10 \u03a9');
    expect(pdfText(ohm)).toContain('10 \u2126');
    expect(renderDocument({ text: 'Resistência de 10 \u03a9' }, options).equals(greek)).toBe(true);
  });

  it('embeds its fonts as subsets and its text copies as it reads, accents and ligatures included', async () => {
    const pdf = await declarationPdf(DECLARATION_SAMPLE);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded && /^[A-Z]{6}\+Roboto-/.test(f.name))).toBe(true);
    const text = pdfText(pdf);
    for (const words of [
      'DECLARAÇÃO DE ORIGEM DO PRODUTOR',
      'Cerâmica Paulista Indústria e Comércio Ltda.',
      'Mariana Conceição Albuquerque',
      // "fi" is one glyph in Roboto: it still copies as two letters.
      'classificados',
      'confira',
      'Silicato de zircônio micronizado (opacificante)',
    ])
      expect(text).toContain(words);
    expect(pdfQrCodes(pdf)).toEqual([DECLARATION_SAMPLE.url]);
  });

  it('breaks a long table between rows, its header on every page, no row cut in two', async () => {
    const items = (CERTIFICATE_SAMPLES['certificado-longo-45-itens'] as CertificatePdfData).items.slice(
      0,
      30,
    );
    const pdf = await certificatePdf({ ...sample, items, itemsPerPage: 30 });
    const text = pages(pdf);
    expect(text.length).toBeGreaterThanOrEqual(3);
    let described = 0;
    for (const [n, page] of text.entries()) {
      const rows = items.filter((item) =>
        page.includes(printDecimal(item.quantity, DECIMAL_PLACES.quantity)),
      );
      if (rows.length === 0) continue;
      // The header above the rows, on every page the table is on.
      expect(page, `página ${n + 1}`).toMatch(/Denominación de las[\s\S]*Valor FOB en/);
      // A row's last line (its NCM description ends "em grão") is on the page of its first.
      const endings = page.match(/descafeinado, em grão/g)?.length ?? 0;
      expect(endings, `página ${n + 1}`).toBe(rows.filter((item) => item.ncmDescription).length);
      described += endings;
    }
    expect(described).toBe(items.filter((item) => item.ncmDescription).length);
    expect(text.at(-1)).toContain(`Página ${text.length} de ${text.length}`);
  });

  it('continues a box longer than a page on the next, every word kept', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `observação${i}`);
    const pdf = await certificatePdf({ ...sample, values: { ...sample.values, comments: words.join(' ') } });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const word of words) expect(text).toContain(`${word} `);
    expect(pages(pdf).length).toBeGreaterThanOrEqual(2);
  });

  it('crosses every page of a draft with the watermark, in the form’s language', async () => {
    const pdf = await certificatePdf({
      ...sample,
      number: null,
      status: 'RASCUNHO',
      watermark: true,
      items: (CERTIFICATE_SAMPLES['certificado-longo-45-itens'] as CertificatePdfData).items,
    });
    const count = pages(pdf).length;
    expect(count).toBeGreaterThan(1);
    expect(pdfDrawnText(pdf).match(/SINVALOR/g)?.length).toBe(count);
    expect(pdfQrCodes(pdf)).toEqual([sample.verificationUrl]);
  });

  it('prints on the model’s paper and orientation', async () => {
    const pdf = await certificatePdf({ ...sample, paper: 'Letter', orientation: 'landscape' });
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 792 612]');
    const receipt = await preRegistrationReceipt(PRE_REGISTRATION_SAMPLE);
    expect(receipt.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdfText(receipt)).toContain('Emitido em 10/03/2026.');
  });
});
