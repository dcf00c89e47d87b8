import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf';
import { printDecimal } from '../format';
import { type CertificatePdfData, certificatePdf } from './certificate';

/** The certificate PDF prints quantities and values as Brazilians read them (UX.md "Numbers as Brazilians write them"). */

const printedField = (label: string) => ({ rule: 'O' as const, label });

function data(items: { quantity: string; fob: string }[]): CertificatePdfData {
  return {
    id: 7,
    number: null,
    status: 'RASCUNHO',
    language: 'pt',
    modelName: 'Formulário ACE-18',
    dealName: 'Mercosul',
    dealAbbreviation: 'ACE-18',
    association: { name: 'Associação Comercial de Santos', address: 'Santos - SP' },
    fields: {
      item_order_no: printedField('Nº'),
      item_name: printedField('Denominação'),
      item_quantity: printedField('Quantidade'),
      item_unit: printedField('Unidade'),
      item_fob_value: printedField('Valor FOB'),
    },
    values: {},
    items: items.map((item, index) => ({
      position: index + 1,
      code: null,
      ncm: '09011110',
      name: `Café ${index + 1}`,
      ncmDescription: null,
      quantity: item.quantity,
      unit: 'KG',
      fob: item.fob,
      criterion: 'ST',
      declarationDate: null,
    })),
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
    watermark: false,
  };
}

describe('numbers in documents', () => {
  it('prints a stored decimal exactly, with the field’s decimals and unit', () => {
    expect(printDecimal('25920.000', 3)).toBe('25.920,000');
    expect(printDecimal('1000000.5', 3)).toBe('1.000.000,500');
    expect(printDecimal('12.5', 2, '%')).toBe('12,50 %');
    expect(printDecimal('999999999999.99', 2)).toBe('999.999.999.999,99');
    expect(printDecimal(null, 3)).toBe('—');
  });

  it('prints the items’ quantities with 3 decimals and FOB values in US$, pt-BR', async () => {
    const pdf = await certificatePdf(
      data([
        { quantity: '25920.000', fob: '1234.56' },
        { quantity: '0.500', fob: '1000000.00' },
      ]),
    );
    const text = pdfText(pdf).replace(/\u00a0/g, ' ');
    expect(text).toContain('25.920,000');
    expect(text).toContain('US$ 1.234,56');
    expect(text).toContain('0,500');
    expect(text).toContain('US$ 1.000.000,00');
    // Never the machine form or a dot as the decimal point.
    expect(text).not.toContain('25920');
    expect(text).not.toContain('1234.56');
  });
});
