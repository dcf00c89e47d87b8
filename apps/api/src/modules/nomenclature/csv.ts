import { nomenclatureMessages } from '@origem/contract/schemas/nomenclature';

// The CSV files administrators upload (NCM table, classification lists) come from spreadsheets: `,` or `;`
// separators, quoted fields with "" escapes, CRLF or LF, UTF-8 with or without a BOM — or Windows-1252 when Excel
// saved them. Every record keeps the line it starts on, so messages can point at it.

export type CsvRecord = { line: number; fields: string[] };
export type CsvSeparator = ',' | ';';
export type CsvParse = { separator: CsvSeparator; records: CsvRecord[]; errors: string[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Bytes → text: UTF-8 (its BOM removed), or Windows-1252 when the bytes are not valid UTF-8. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = windows1252.decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator of a file, judged by its first line: the one that occurs more often outside quotes. */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return semicolons > 0 && semicolons >= commas ? ';' : ',';
}

/**
 * Splits CSV text into records (RFC 4180 quoting). Blank lines are skipped; fields are trimmed. A quote left
 * open at the end is reported with the line where its record starts. Unquoted runs are sliced, not copied
 * character by character: the 1.3 MB NCM table parses in tens of milliseconds.
 */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvParse {
  const records: CsvRecord[] = [];
  const errors: string[] = [];
  const length = text.length;
  let i = 0;
  let line = 1;
  while (i < length) {
    const recordLine = line;
    const fields: string[] = [];
    let quotedAny = false;
    let endOfRecord = false;
    while (!endOfRecord) {
      let value = '';
      // A field: quoted parts and unquoted runs, up to the separator or the end of the line.
      for (;;) {
        const ch = text[i];
        if (ch === '"') {
          quotedAny = true;
          i += 1;
          for (;;) {
            const close = text.indexOf('"', i);
            if (close === -1) {
              errors.push(nomenclatureMessages.csv.unclosedQuote(recordLine));
              return { separator, records, errors };
            }
            const chunk = text.slice(i, close);
            for (let k = chunk.indexOf('\n'); k !== -1; k = chunk.indexOf('\n', k + 1)) line += 1;
            value += chunk;
            i = close + 1;
            if (text[i] === '"') {
              value += '"';
              i += 1;
            } else {
              break;
            }
          }
          continue;
        }
        let j = i;
        while (j < length) {
          const c = text[j];
          if (c === separator || c === '\n' || c === '\r' || c === '"') break;
          j += 1;
        }
        value += text.slice(i, j);
        i = j;
        if (text[i] !== '"') break;
      }
      fields.push(value.trim());
      const ch = text[i];
      if (ch === separator) {
        i += 1;
      } else {
        endOfRecord = true;
        if (ch === '\r') i += text[i + 1] === '\n' ? 2 : 1;
        else if (ch === '\n') i += 1;
        if (ch === '\r' || ch === '\n') line += 1;
      }
    }
    if (quotedAny || fields.some((f) => f !== '')) records.push({ line: recordLine, fields });
  }
  return { separator, records, errors };
}

/** Header cells compared without case, accents or surrounding spaces ('Código' = 'codigo'). */
export function sameHeader(cells: readonly string[], expected: readonly string[]): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .trim()
      .toLowerCase();
  return cells.length === expected.length && cells.every((cell, i) => norm(cell) === norm(expected[i] ?? ''));
}

/** At most `max` messages, the rest summarised in one line: a 14,000-line file with a bad column stays readable. */
export function capErrors(errors: readonly string[], max = 100): string[] {
  if (errors.length <= max) return [...errors];
  return [...errors.slice(0, max), nomenclatureMessages.csv.more(errors.length - max)];
}
