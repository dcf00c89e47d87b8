import { PassThrough, type Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { cellText, fieldLabel, periodText, type ReportHead, type ReportPart, toCents } from './model';

const MONEY = '"R$" #,##0.00';
// A line's amount and date cells share these style objects: exceljs keeps the style id of an object it has seen
// (a WeakMap), where a style set cell by cell is a new object to serialise and look up for every cell (issue 21).
// Never changed after: a cell's style is replaced, not edited.
const AMOUNT_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: MONEY });
const DATE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: 'dd/mm/yyyy' });
// A text cell's style (none): otherwise a new empty object per cell, each serialised to find its id.
const TEXT_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/** Resolves when `stream` takes writes again, or is closed (a reader gone). */
function room(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The report as an Excel workbook (opens in Excel and LibreOffice): a title block, the header, one row per
 * certificate with the issue date as a date and the amount as a number in reais, a subtotal row per group and the
 * total. Figures are values, not formulas, so every reader shows them without recalculating.
 *
 * Written with exceljs' streaming writer: each row leaves for the zip as it is committed (strings inline, no
 * shared-string table to keep), a batch of lines at a time, waiting while the reader is behind. A failure destroys
 * the stream with the error.
 */
export function billingXlsx(head: ReportHead, parts: AsyncIterable<ReportPart[]>): Readable {
  const out = new PassThrough();
  write(head, parts, out).catch((error: Error) => out.destroy(error));
  return out;
}

async function write(head: ReportHead, parts: AsyncIterable<ReportPart[]>, out: PassThrough): Promise<void> {
  // exceljs is loaded with the first workbook, not at every start of the server (half a second of it; issue 21).
  const excel = (await import('exceljs')).default;
  const book = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Origem';
  book.created = new Date();
  const sheet = book.addWorksheet('Faturamento');
  const width = head.fields.length;
  // Widths go before the first row: the streaming writer writes the columns with it.
  head.fields.forEach((f, i) => {
    sheet.getColumn(i + 1).width = f === 'amount' ? 16 : f === 'issued_at' ? 12 : 26;
  });
  // Heading, group and subtotal rows are styled cell by cell (and every row has a style of its own): each style is
  // swapped for the first equal one of the same kind, which exceljs then finds in its WeakMap.
  const seen = new Map<string, Partial<ExcelJS.Style>>();
  const same = (kind: string, style: Partial<ExcelJS.Style>) => {
    const key = `${kind}|${JSON.stringify(style)}`;
    const first = seen.get(key);
    if (first) return first;
    seen.set(key, style);
    return style;
  };
  const addRow = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = sheet.addRow(values);
    style?.(row);
    // exceljs' typings leave out the row's own style.
    const own = row as ExcelJS.Row & { style: Partial<ExcelJS.Style> };
    own.style = same('row', own.style);
    if (style) row.eachCell((cell) => (cell.style = same(`cell ${cell.type}`, cell.style)));
    row.commit();
  };
  addRow([head.title], (row) => {
    row.font = { bold: true, size: 13 };
  });
  addRow([head.subject]);
  addRow([`Período: ${periodText(head.period)}`]);
  addRow([]);
  addRow(head.fields.map(fieldLabel), (row) => {
    row.font = { bold: true };
    row.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } };
    });
  });
  const amountCol = width;
  const dateIndex = head.fields.indexOf('issued_at');
  const subtotal = (label: string, count: number, cents: number) => {
    const cells: (string | number)[] = new Array(width).fill('');
    cells[0] = `${label} (${count} certificado(s))`;
    cells[amountCol - 1] = cents / 100;
    addRow(cells, (row) => {
      row.font = { bold: true };
      row.getCell(amountCol).numFmt = MONEY;
    });
  };
  for await (const batch of parts) {
    for (const part of batch) {
      if (part.kind === 'line') {
        const { line } = part;
        const values = head.fields.map((f) => {
          if (f === 'amount') return toCents(line.amount) / 100;
          if (f === 'issued_at') return new Date(`${line.issued_on}T12:00:00Z`);
          return cellText(line, f);
        });
        addRow(values, (row) => {
          for (let i = 1; i <= width; i++)
            row.getCell(i).style =
              i === amountCol ? AMOUNT_STYLE : i === dateIndex + 1 ? DATE_STYLE : TEXT_STYLE;
        });
      } else if (part.kind === 'group') {
        if (head.groupLabel)
          addRow([`${head.groupLabel}: ${part.label}`], (row) => {
            row.font = { italic: true, bold: true };
          });
      } else if (part.kind === 'subtotal') {
        if (head.groupLabel) subtotal(`Subtotal ${part.label}`, part.count, part.cents);
      } else subtotal('Total', part.count, part.cents);
    }
    await room(out);
    // The reader went away: stop (leaving the loop ends the lines' query).
    if (out.destroyed) return;
  }
  sheet.commit();
  await book.commit();
}
