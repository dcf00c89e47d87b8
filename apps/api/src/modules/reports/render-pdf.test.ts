import { DEFAULT_REPORT_FIELDS } from '@origem/contract/schemas/reports';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../test/pdf';
import type { GroupedLine } from './billing-queries';
import { reportHead, reportParts } from './model';
import { billingPdf } from './render-pdf';

const CERAMICA = 'Cerâmica Nova Exportação e Comércio de Louças Ltda.';
const PORTO = 'Porto Despachos Aduaneiros Ltda.';

/** 50 lines Cerâmica pays at 45,00, 40 a dispatcher pays at 90,00, one without a fee: 5.850,00 in all. */
function lines(): GroupedLine[] {
  const all = Array.from({ length: 91 }, (_, i) => {
    const dispatched = i >= 50 && i < 90;
    return {
      group_label: dispatched ? `Despachante: ${PORTO}` : `Exportador: ${CERAMICA}`,
      issued_at: `2026-03-${String((i % 28) + 1).padStart(2, '0')} 12:00:00+00`,
      certificate_id: i + 1,
      certificate_number: `BRACSA1826${String(i + 1).padStart(10, '0')}`,
      issued_on: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      invoice_number: `FAT-${i + 1}`,
      deal: 'ACE-18',
      federation_id: 1,
      federation: 'Federação das Associações Comerciais de São Paulo',
      association_id: 1,
      association: 'Associação Comercial de Santos',
      exporter_id: 1,
      exporter: CERAMICA,
      exporter_tax_id: '12345678000190',
      dispatcher_id: dispatched ? 2 : null,
      dispatcher: dispatched ? PORTO : null,
      payer_tax_id: dispatched ? '98765432000110' : '12345678000190',
      member: !dispatched,
      amount: i === 90 ? null : dispatched ? '90.00' : '45.00',
    };
  });
  // In print order, as the query gives them: by group, then by issue.
  return all.sort((a, b) => a.group_label.localeCompare(b.group_label, 'pt-BR'));
}

const head = reportHead({
  title: 'Faturamento da federação',
  subject: 'Federação das Associações Comerciais de São Paulo',
  period: { start_date: '2026-03-01', end_date: '2026-03-31' },
  fields: DEFAULT_REPORT_FIELDS,
  grouping: 3,
});

/** The lines in batches of 30, as the database hands them over. */
async function* batches(input: GroupedLine[]) {
  for (let i = 0; i < input.length; i += 30) yield input.slice(i, i + 30);
}

async function render(input: GroupedLine[]) {
  const chunks: Buffer[] = [];
  for await (const chunk of billingPdf(head, reportParts(batches(input)))) chunks.push(chunk);
  return { chunks, pdf: Buffer.concat(chunks) };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ');

describe('billing PDF (streaming table on our PDF writer)', () => {
  it('finished pages come out while the table is written, 64 KB or more at a time', async () => {
    // 40 times the month above: about 120 pages.
    const many = Array.from({ length: 40 }, (_, copy) =>
      lines().map((line) => ({ ...line, certificate_id: line.certificate_id + copy * 1000 })),
    ).flat();
    const { chunks, pdf } = await render(many);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks[0]?.subarray(0, 5).toString()).toBe('%PDF-');
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
    // Each chunk is whole pages: a page's content stream never spans two of them.
    for (const chunk of chunks.slice(0, -1)) expect(chunk.toString('latin1').trimEnd()).toMatch(/endobj$/);
    expect(pdfText(pdf)).toContain('Total: 3640 certificado(s)');
  });

  it('each page repeats the header and is numbered', async () => {
    const { pdf } = await render(lines());
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(squeeze(page)).toMatch(
        /Certificado Emitido em Fatura comercial Acordo Exportador Faturado a CPF\/CNPJ do faturado Tarifa Valor \(R\$\)/,
      );
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(page).toContain('Faturamento da federação');
    });
    // The title block only on the first page.
    expect(pages[0]).toContain('Período: 01/03/2026 a 31/03/2026');
    expect(pages[1]).not.toContain('Período:');
  });

  it('every line once, with accents; subtotals per payer and the total to the centavo', async () => {
    const { pdf } = await render(lines());
    const text = pdfText(pdf);
    for (let n = 1; n <= 91; n++) {
      const number = `BRACSA1826${String(n).padStart(10, '0')}`;
      expect(text.split(number).length - 1, number).toBe(1);
    }
    expect(text).toContain('Federação das Associações Comerciais de São Paulo');
    expect(text).toContain('Não associado');
    expect(text).toContain('Tarifa não cadastrada');
    expect(text).toContain('98.765.432/0001-10');
    // The long name wraps inside its column rather than running over the next one.
    expect(squeeze(text)).toContain('Cerâmica Nova Exportação');
    expect(squeeze(text)).toMatch(/Faturado a: Despachante: Porto Despachos Aduaneiros Ltda\./);
    expect(squeeze(text)).toMatch(
      /Faturado a: Exportador: Cerâmica Nova Exportação e Comércio de Louças Ltda\./,
    );
    expect(text).toMatch(/Subtotal \(40 certificado\(s\)\)\s+R\$ 3\.600,00/);
    expect(text).toMatch(/Subtotal \(51 certificado\(s\)\)\s+R\$ 2\.250,00/);
    expect(text).toMatch(/Total: 91 certificado\(s\)\s+R\$ 5\.850,00/);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/\+Roboto-/);
      expect(font.embedded).toBe(true);
    }
  });

  it('a 40-character invoice number stays whole in its cell: wrapped between its parts, never into the next column', async () => {
    const invoice = 'INV-2026/EXP/000012345678-ARG-SANTOS-001';
    expect(invoice).toHaveLength(40);
    const input = lines().slice(0, 3);
    const first = input[0];
    if (!first) throw new Error('no line');
    first.invoice_number = invoice;
    const text = pdfText((await render(input)).pdf);
    const rows = text.split('\n');
    const header = rows.find((row) => row.includes('Fatura comercial')) ?? '';
    const [start, end] = [header.indexOf('Fatura comercial'), header.indexOf('Acordo')];
    const at = rows.findIndex((row) => row.includes(first.certificate_number ?? '?'));
    // The cell: the invoice column of the row's line and of the lines below it, until the next row.
    const cell: string[] = [];
    for (let i = at; i < rows.length; i++) {
      const row = rows[i] ?? '';
      if (i > at && (row.trim() === '' || row.slice(0, start).trim() !== '')) break;
      cell.push(row.slice(start, end).trim());
    }
    expect(cell.join('')).toBe(invoice);
    // Broken only after a separator, and nothing of it spills past the column.
    for (const piece of cell.slice(0, -1)) expect(piece).toMatch(/[/\-.]$/);
    for (const row of rows.slice(at, at + cell.length))
      expect(row.slice(end)).not.toMatch(/INV|SANTOS|\d{12}/);
    // Its neighbours on the line are untouched.
    expect(rows[at]).toMatch(/ACE-18/);
  });

  it('an empty period says so, on one numbered page without a table', async () => {
    const { pdf } = await render([]);
    const text = pdfText(pdf);
    expect(text).toContain('Nenhum certificado emitido no período.');
    expect(text).toContain('Página 1 de 1');
    expect(text).not.toContain('Total:');
    expect(text).not.toContain('Valor (R$)');
  });
});
