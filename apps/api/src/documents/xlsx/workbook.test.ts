import { text } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { describe, expect, it } from 'vitest';
import { CELL, excelDay, SheetRows, xlsxWorkbook } from './workbook';

async function chunksOf(rows: AsyncIterable<string>, widths = [20, 12, 14]): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxWorkbook({ sheet: 'Faturamento', widths, rows, creator: 'Origem' }))
    chunks.push(chunk as Buffer);
  return chunks;
}
const bytesOf = async (rows: AsyncIterable<string>) => Buffer.concat(await chunksOf(rows));

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Faturamento');
  if (!sheet) throw new Error('planilha ausente');
  return sheet;
}

describe('xlsxWorkbook', () => {
  it('a zip whose every entry matches the size and CRC its central directory declares', async () => {
    const sheet = new SheetRows();
    async function* rows() {
      // Many batches of varied text, so the sheet is deflated in many chunks.
      for (let batch = 0; batch < 20; batch += 1) {
        let xml = '';
        for (let i = 0; i < 1000; i += 1)
          xml += sheet.row([`Exportadora ${batch}-${i} ${'x'.repeat(i % 50)}`, i]);
        yield xml;
      }
    }
    const chunks = await chunksOf(rows());
    // The archive leaves as it is written, in pieces of 64 KB or more rather than a write per record.
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
    const bytes = Buffer.concat(chunks);
    const zip = await unzipper.Open.buffer(bytes);
    expect(zip.files.map((f) => f.path).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const file of zip.files) {
      const content = await file.buffer();
      expect(content.length, file.path).toBe(file.uncompressedSize);
      expect(crc32(content) >>> 0, file.path).toBe(file.crc32 >>> 0);
    }
    const read = await sheetOf(bytes);
    expect(read.rowCount).toBe(20_000);
    expect(read.getRow(20_000).values).toEqual([undefined, `Exportadora 19-999 ${'x'.repeat(49)}`, 999]);
  });

  it('read back: text as typed (markup, spaces), numbers, days as dates, styles', async () => {
    const sheet = new SheetRows();
    const odd = ' A & B <c> "d" \u0001 ';
    async function* rows() {
      yield sheet.row(['Faturamento'], CELL.title) + sheet.row(['Número', 'Emissão', 'Valor'], CELL.header);
      yield sheet.row([odd, { day: '2026-03-31' }, 92.35], [CELL.plain, CELL.date, CELL.money]);
      yield sheet.row(['Total (1 certificado(s))', null, 92.35], [CELL.bold, CELL.bold, CELL.boldMoney]);
    }
    const read = await sheetOf(await bytesOf(rows()));
    expect(read.getColumn(1).width).toBe(20);
    expect(read.getCell('A1').font?.bold).toBe(true);
    expect(read.getCell('A1').font?.size).toBe(13);
    expect(read.getCell('B2').value).toBe('Emissão');
    expect(read.getCell('B2').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } });
    // A control character, which XML cannot carry, shows as its escape (as in the CSVs).
    expect(read.getCell('A3').value).toBe(' A & B <c> "d" \\u0001 ');
    expect(read.getCell('B3').value).toEqual(new Date(Date.UTC(2026, 2, 31)));
    expect(read.getCell('B3').numFmt).toBe('dd/mm/yyyy');
    expect(read.getCell('C3').value).toBe(92.35);
    expect(read.getCell('C3').numFmt).toBe('"R$" #,##0.00');
    expect(read.getCell('B4').value).toBeNull();
    expect(read.getCell('C4').font?.bold).toBe(true);
  });

  it('text that reads as an escape of the format (_x0041_) keeps its underscore escaped, so Excel shows it as typed', () => {
    expect(new SheetRows().row(['a_x0041_b _x'])).toBe(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a_x005F_x0041_b _x</t></is></c></row>',
    );
  });

  it('a failure while the rows are read fails the stream', async () => {
    async function* rows(): AsyncGenerator<string> {
      yield new SheetRows().row(['antes']);
      throw new Error('conexão perdida');
    }
    await expect(
      text(xlsxWorkbook({ sheet: 'F', widths: [], rows: rows(), creator: 'Origem' })),
    ).rejects.toThrow('conexão perdida');
  });

  it('excelDay: Excel serial dates', () => {
    expect(excelDay('1900-03-01')).toBe(61);
    expect(excelDay('2026-03-31')).toBe(46112);
  });
});
