import {
  CLASSIFICATION_CSV_COLUMNS,
  CLASSIFICATION_TYPES,
  type ClassificationType,
  nomenclatureMessages,
} from '@origem/contract/schemas/nomenclature';
import { unmaskNcm } from '@origem/contract/validators/ncm';
import { parseCsv, sameHeader } from './csv';

const msg = nomenclatureMessages.csv;

export type ClassificationItemRow = { line: number; ncm_code: string; code: string; description: string };

/**
 * Reads a classification list (`ncm;codigo;descricao`, `,` also accepted) and gathers every problem with its
 * line: header, NCM not 8 digits or not in the NCM table, code not in the type's format, empty description,
 * repeated NCM (naming the first line). Items are returned only when there is no problem.
 *
 * A description with the separator in it and no quotes (common with `,`) is taken whole: it is the last column.
 */
export function readClassificationList(
  text: string,
  type: ClassificationType,
  ncmExists: (code: string) => boolean,
): { items: ClassificationItemRow[]; errors: string[] } {
  const digits = CLASSIFICATION_TYPES[type].digits;
  const parsed = parseCsv(text);
  const errors: string[] = [];
  let records = parsed.records;
  const header = records[0];
  if (!header || !sameHeader(header.fields, CLASSIFICATION_CSV_COLUMNS)) {
    errors.push(msg.header(CLASSIFICATION_CSV_COLUMNS.join(';')));
    // A file without its header still gets its data checked, so one upload shows every problem.
    if (header && !/^\d/.test(header.fields[0] ?? '')) records = records.slice(1);
  } else {
    records = records.slice(1);
  }
  if (records.length === 0 && parsed.errors.length === 0) {
    return { items: [], errors: [...errors, msg.noRows] };
  }

  const items: ClassificationItemRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length < CLASSIFICATION_CSV_COLUMNS.length) {
      errors.push(msg.columns(line, CLASSIFICATION_CSV_COLUMNS.length, fields.length));
      continue;
    }
    const [rawNcm = '', rawCode = '', ...rest] = fields;
    const description = rest.join(`${parsed.separator} `).trim();
    const rowErrors: string[] = [];
    const ncm = unmaskNcm(rawNcm);
    if (!/^\d{8}$/.test(ncm)) rowErrors.push(msg.invalidNcm(line, rawNcm));
    else if (firstLine.has(ncm)) rowErrors.push(msg.duplicateNcm(line, ncm, firstLine.get(ncm) ?? 0));
    else {
      firstLine.set(ncm, line);
      if (!ncmExists(ncm)) rowErrors.push(msg.ncmNotInTable(line, ncm));
    }
    const code = unmaskNcm(rawCode);
    if (!new RegExp(`^\\d{${digits}}$`).test(code)) {
      rowErrors.push(msg.invalidClassificationCode(line, type, rawCode, digits));
    }
    if (description === '') rowErrors.push(msg.emptyDescription(line));
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else items.push({ line, ncm_code: ncm, code, description });
  }
  errors.push(...parsed.errors);
  return errors.length > 0 ? { items: [], errors } : { items, errors };
}
