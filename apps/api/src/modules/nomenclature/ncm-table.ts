import { NCM_CSV_COLUMNS, nomenclatureMessages } from '@origem/contract/schemas/nomenclature';
import { isNcmNode, unmaskNcm } from '@origem/contract/validators/ncm';
import { parseCsv, sameHeader } from './csv';

const msg = nomenclatureMessages.csv;

export type NcmTableRow = {
  code: string;
  parent_code: string | null;
  main_parent: string;
  description: string;
  level: number;
  leaf: boolean;
};

const LEAF_VALUES: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/**
 * Reads an NCM table in the format of the bundled file (`codigo,codigoPai,descricao,nivel,ehFolha`) and checks
 * it whole: header, code format, duplicates, parents (present in the file and one level up), description, level
 * and leaf flag. Every problem is reported with its line; rows are returned only when there is none.
 */
export function readNcmTable(text: string): { rows: NcmTableRow[]; errors: string[] } {
  const parsed = parseCsv(text);
  const errors = [...parsed.errors];
  const [header, ...records] = parsed.records;
  if (!header || !sameHeader(header.fields, NCM_CSV_COLUMNS)) {
    return { rows: [], errors: [msg.header(NCM_CSV_COLUMNS.join(',')), ...errors] };
  }
  if (records.length === 0 && errors.length === 0) return { rows: [], errors: [msg.noRows] };

  const rows: NcmTableRow[] = [];
  const firstLine = new Map<string, number>();
  const parents: { line: number; parent: string }[] = [];
  for (const { line, fields } of records) {
    if (fields.length !== NCM_CSV_COLUMNS.length) {
      errors.push(msg.columns(line, NCM_CSV_COLUMNS.length, fields.length));
      continue;
    }
    const [rawCode = '', rawParent = '', description = '', rawLevel = '', rawLeaf = ''] = fields;
    const rowErrors: string[] = [];
    const code = unmaskNcm(rawCode);
    const validCode = isNcmNode(code);
    if (!validCode) rowErrors.push(msg.invalidCode(line, rawCode));
    else if (firstLine.has(code)) rowErrors.push(msg.duplicateCode(line, code, firstLine.get(code) ?? 0));
    else firstLine.set(code, line);

    let parent: string | null = null;
    if (rawParent === '') {
      if (validCode && code.length !== 2) rowErrors.push(msg.parentRequired(line, code));
    } else {
      parent = unmaskNcm(rawParent);
      if (!isNcmNode(parent)) rowErrors.push(msg.invalidParent(line, rawParent));
      else if (validCode && !(code.startsWith(parent) && parent.length < code.length))
        rowErrors.push(msg.parentNotPrefix(line, parent, code));
      else parents.push({ line, parent });
    }
    if (description === '') rowErrors.push(msg.emptyDescription(line));
    const level = /^\d$/.test(rawLevel) ? Number(rawLevel) : 0;
    if (level < 1) rowErrors.push(msg.invalidLevel(line, rawLevel));
    const leaf = LEAF_VALUES[rawLeaf.toLowerCase()];
    if (leaf === undefined) rowErrors.push(msg.invalidLeaf(line, rawLeaf));

    if (rowErrors.length > 0) errors.push(...rowErrors);
    else
      rows.push({
        code,
        parent_code: parent,
        main_parent: code.slice(0, 2),
        description,
        level,
        leaf: leaf ?? false,
      });
  }
  for (const { line, parent } of parents) {
    if (!firstLine.has(parent)) errors.push(msg.missingParent(line, parent));
  }
  if (errors.length > 0) {
    // Parent problems are found after the pass: keep the messages in line order.
    const lineOf = (text: string) => Number(/^Linha (\d+)/.exec(text)?.[1] ?? 0);
    return { rows: [], errors: [...errors].sort((a, b) => lineOf(a) - lineOf(b)) };
  }
  return { rows, errors };
}
