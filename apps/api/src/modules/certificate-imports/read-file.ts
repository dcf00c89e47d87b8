import { Readable } from 'node:stream';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumnKey,
  certificateImportMessages as text,
} from '@origem/contract/schemas/certificate-imports';

/**
 * Reading an import file row by row, streamed: an XLSX's first worksheet (exceljs' streaming reader) or a CSV
 * separated by ";" (UTF-8, with or without a BOM, RFC 4180 quotes). Columns are found by their header, so their
 * order may change; the file's line numbers are kept (the header is line 1) so every error points at its row.
 */

export type ImportFormat = 'xlsx' | 'csv';
export type ImportRow = { line: number; cells: Partial<Record<ImportColumnKey, string>> };

/** A file that cannot be read as an import: a Portuguese message for a 422. */
export class ImportFileError extends Error {}

const fold = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const BY_HEADER = new Map(IMPORT_COLUMNS.map((c) => [fold(c.header), c.key]));

/** Where each column is, from the header's cells; refuses a header missing a required column. */
function headerMap(cells: string[]): Map<number, ImportColumnKey> {
  const found = new Map<number, ImportColumnKey>();
  cells.forEach((cell, index) => {
    const key = BY_HEADER.get(fold(cell));
    if (key) found.set(index, key);
  });
  const present = new Set(found.values());
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !present.has(c.key)).map((c) => c.header);
  if (missing.length > 0) throw new ImportFileError(text.missingColumns(missing));
  return found;
}

function toRow(line: number, cells: string[], columns: Map<number, ImportColumnKey>): ImportRow | null {
  const row: ImportRow = { line, cells: {} };
  let any = false;
  for (const [index, key] of columns) {
    const value = (cells[index] ?? '').trim();
    if (value === '') continue;
    row.cells[key] = value;
    any = true;
  }
  return any ? row : null;
}

/** The rows of the file, header checked first; a blank row is skipped. Throws ImportFileError. */
export async function* readImportRows(source: Readable, format: ImportFormat): AsyncGenerator<ImportRow> {
  const records = format === 'xlsx' ? xlsxRecords(source) : csvRecords(source);
  let columns: Map<number, ImportColumnKey> | null = null;
  let count = 0;
  try {
    for await (const { line, cells } of records) {
      if (!columns) {
        if (cells.every((c) => c.trim() === '')) continue;
        columns = headerMap(cells);
        continue;
      }
      const row = toRow(line, cells, columns);
      if (!row) continue;
      count += 1;
      if (count > IMPORT_MAX_ROWS) throw new ImportFileError(text.tooManyRows(IMPORT_MAX_ROWS));
      yield row;
    }
  } catch (err) {
    source.destroy();
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(text.notReadable);
  }
  if (!columns) throw new ImportFileError(text.empty);
}

type RawRecord = { line: number; cells: string[] };

// ---- XLSX ----------------------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value as the text a user typed: dates as YYYY-MM-DD, numbers as written, formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
  }
  return '';
}

/** The parts of exceljs' streaming reader it reads a workbook with (lib/stream/xlsx/workbook-reader.js, 4.4). */
type ExcelWorkbookReader = {
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ value: AsyncIterable<unknown> }>;
};

async function bufferOf(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The first worksheet's rows. exceljs' own streaming reader walks the zip in stored order and, pausing between
 * entries, now and then loses one (exceljs#3064: a valid file read as unreadable, under load). The parts are
 * taken here from the zip's central directory instead, in the order the reader needs them (relations, workbook,
 * shared strings, styles, then the sheet); the sheet is still parsed row by row. The compressed file is held in
 * memory: at most IMPORT_MAX_BYTES.
 */
async function* xlsxRecords(source: Readable): AsyncGenerator<RawRecord> {
  // exceljs is loaded with the first import, not at every start of the server (reports do the same).
  const [excel, unzipper] = await Promise.all([import('exceljs'), import('unzipper')]);
  const zip = await unzipper.default.Open.buffer(await bufferOf(source));
  const part = (path: string) => zip.files.find((file) => file.path === path)?.stream();
  const reader = new excel.default.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as ExcelWorkbookReader;
  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  if (!rels || !workbook) throw new ImportFileError(text.notReadable);
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  // Only the first worksheet holds items; the second lists the codes.
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
  const sheetNo = /^(?:\/xl\/)?worksheets\/sheet(\d+)\.xml$/.exec(target ?? '')?.[1];
  const sheet = sheetNo ? part(`xl/worksheets/sheet${sheetNo}.xml`) : undefined;
  if (!sheetNo || !sheet) throw new ImportFileError(text.notReadable);
  for (const { value: rows } of reader._parseWorksheet(sheet, sheetNo)) {
    for await (const row of rows as AsyncIterable<{ number: number; values: unknown }>) {
      const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
      yield { line: row.number, cells: values.map(cellText) };
    }
  }
}

// ---- CSV -----------------------------------------------------------------------------------------------------------

/** Records of a ";" CSV, read chunk by chunk: quotes with "" escapes, CRLF or LF, a BOM dropped. */
async function* csvRecords(source: Readable): AsyncGenerator<RawRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let recordLine = 1;
  let field = '';
  let cells: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let first = true;
  let pendingCr = false;
  const out: RawRecord[] = [];
  const endRecord = () => {
    cells.push(field);
    out.push({ line: recordLine, cells });
    cells = [];
    field = '';
    recordLine = line;
  };
  const feed = (chunk: string) => {
    let s = chunk;
    if (first) {
      s = s.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let i = 0; i < s.length; i += 1) {
      const ch = s[i] as string;
      if (pendingCr) {
        pendingCr = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (ch === '"') {
          if (s[i + 1] === '"') {
            field += '"';
            i += 1;
          } else if (i + 1 === s.length) {
            // A quote at the chunk's end: the next chunk says whether it is an escape; decided below.
            quoted = false;
            afterQuote = true;
          } else {
            quoted = false;
          }
        } else {
          if (ch === '\n') line += 1;
          field += ch;
        }
        continue;
      }
      if (afterQuote && ch === '"') {
        field += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (ch === '"' && field.trim() === '') {
        field = '';
        quoted = true;
      } else if (ch === ';') {
        cells.push(field);
        field = '';
      } else if (ch === '\n' || ch === '\r') {
        line += 1;
        endRecord();
        if (ch === '\r') pendingCr = true;
      } else {
        field += ch;
      }
    }
  };
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new ImportFileError(text.notUtf8);
    }
  };
  for await (const chunk of source) {
    feed(decode(chunk as Buffer));
    yield* out.splice(0);
  }
  feed(decode());
  if (quoted) throw new ImportFileError(text.notReadable);
  if (field !== '' || cells.length > 0) endRecord();
  yield* out.splice(0);
}

/** Whether a zip's end-of-central-directory record is in its last bytes: a cut-off upload has none. */
export async function zipIsComplete(source: Readable): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of source) {
    tail = Buffer.concat([tail, chunk as Buffer]);
    if (tail.length > 70_000) tail = tail.subarray(tail.length - 70_000);
  }
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) return true;
  }
  return false;
}
