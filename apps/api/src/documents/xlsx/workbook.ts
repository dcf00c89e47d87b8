import { Readable } from 'node:stream';
import { zipStream } from './zip';

/**
 * A one-sheet Excel workbook written as its rows arrive (opens in Excel and LibreOffice): the parts of the format
 * are written here by hand, the sheet's rows as XML a batch at a time, strings inline (no shared-string table to
 * keep), and zipped as they come (zip.ts). exceljs' streaming writer did the same at 3× the cost of the rows' SQL,
 * most of it in per-cell objects and style lookups (issue 21).
 */

/** The few looks a report's cells take; their numbers are the cellXfs of STYLES below. */
export const CELL = {
  plain: 0,
  title: 1,
  header: 2,
  money: 3,
  date: 4,
  bold: 5,
  boldMoney: 6,
  boldItalic: 7,
} as const;
export type CellStyle = (typeof CELL)[keyof typeof CELL];

/** A cell's value: text, a number, or a day ('YYYY-MM-DD', written as Excel's serial date). Null is no cell. */
export type CellValue = string | number | { day: string } | null;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const font = (extra: string) => `<font>${extra}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
const STYLES = `${XML}<styleSheet xmlns="${NS}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;R$&quot; #,##0.00"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/></numFmts>\
<fonts count="4">${font('')}<font><b/><sz val="13"/><name val="Calibri"/><family val="2"/></font>${font('<b/>')}${font('<b/><i/>')}</fonts>\
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>\
<fill><patternFill patternType="solid"><fgColor rgb="FFE8EEF5"/><bgColor indexed="64"/></patternFill></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="8"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="0" fontId="2" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/>\
<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// Characters XML 1.0 cannot carry at all (a control character in a name would make the file unreadable) are
// written as visible escapes (`\u0001`), as the CSVs do. Text that reads as the format's own escape (_x0041_ is an
// "A" to Excel) gets its underscore escaped (_x005F_), so it shows as typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
const XML_SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const XML_ESCAPES = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_ESCAPES, (c) => {
    if (c === '&') return '&amp;';
    if (c === '<') return '&lt;';
    if (c === '>') return '&gt;';
    if (c === '_') return '_x005F_';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** 'YYYY-MM-DD' → days since 1899-12-30, Excel's serial date (no time: the day as the screens show it). */
export function excelDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return (Date.UTC(y ?? 1900, (m ?? 1) - 1, d ?? 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** 1 → A, 27 → AA. */
function columnName(n: number): string {
  let name = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) name = String.fromCharCode(65 + ((i - 1) % 26)) + name;
  return name;
}

/** The sheet's rows as XML, numbered in the order they are written. */
export class SheetRows {
  private next = 1;
  private readonly columns: string[] = [];

  /** One row; `styles` is one style for every cell or one per cell. */
  row(values: CellValue[], styles: CellStyle | readonly CellStyle[] = CELL.plain): string {
    const r = this.next++;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined || value === '') continue;
      const column = this.columns[i] ?? columnName(i + 1);
      this.columns[i] = column;
      const style = typeof styles === 'number' ? styles : (styles[i] ?? CELL.plain);
      const s = style ? ` s="${style}"` : '';
      if (typeof value === 'number') xml += `<c r="${column}${r}"${s}><v>${value}</v></c>`;
      else if (typeof value === 'object') xml += `<c r="${column}${r}"${s}><v>${excelDay(value.day)}</v></c>`;
      else {
        const space = value.trim() === value ? '' : ' xml:space="preserve"';
        xml += `<c r="${column}${r}"${s} t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
      }
    }
    return `${xml}</row>`;
  }
}

/**
 * The workbook: one sheet named `sheet`, its columns `widths` wide (in characters), its rows the XML pieces of
 * `rows` (from a SheetRows) in order. A failure while reading the rows destroys the stream with the error.
 */
export function xlsxWorkbook(input: {
  sheet: string;
  widths: number[];
  rows: AsyncIterable<string>;
  creator: string;
  at?: Date;
}): Readable {
  const at = input.at ?? new Date();
  const cols = input.widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  async function* sheet(): AsyncGenerator<string> {
    yield `${XML}<worksheet xmlns="${NS}" xmlns:r="${REL}"><cols>${cols}</cols><sheetData>`;
    yield* input.rows;
    yield '</sheetData></worksheet>';
  }
  const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z');
  const entries = [
    {
      name: '[Content_Types].xml',
      content: [
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
</Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
</Relationships>`,
      ],
    },
    {
      name: 'docProps/core.xml',
      content: [
        `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${escapeXml(input.creator)}</dc:creator>\
<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created></cp:coreProperties>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>\
<sheet name="${escapeXml(input.sheet).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ],
    },
    { name: 'xl/styles.xml', content: [STYLES] },
    { name: 'xl/worksheets/sheet1.xml', content: sheet() },
  ];
  return Readable.from(zipStream(entries, at), { objectMode: false });
}
