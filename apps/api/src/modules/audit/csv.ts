import { Readable } from 'node:stream';
import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS, type AuditFilter } from '@origem/contract/schemas/audit';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { endsWith, openTextRows, PIECE_CHARS, STREAM_BATCH } from '../../lib/stream-rows';
import { AUDIT_EXPORT_COLUMNS, type AuditExportRow, auditExport } from './queries';

const HEADER = [
  'ID',
  'Data/hora',
  'Usuário',
  'E-mail',
  'Perfil',
  'Evento',
  'Tipo de registro',
  'ID do registro',
  'IP',
  'Navegador',
  'URL',
  'Valores antigos',
  'Valores novos',
  // Last, so the columns before it keep their places for whoever already reads this file.
  'Nome do registro',
];

/**
 * Semicolon-separated with a BOM, as Excel in pt-BR expects; quotes doubled per RFC 4180. A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe: names, user agents and
 * e-mails typed at login reach this file, and anyone may type them (CSV injection). Control characters are
 * written as visible escapes (`\u0000`): a NUL or an escape sequence would cut the file short or garble the
 * screen of whoever reads it, and the audit must show what was sent.
 */
export function csvLine(values: (string | number | null)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++)
    line += i ? `;${csvCell(values[i] ?? null)}` : csvCell(values[i] ?? null);
  return `${line}\r\n`;
}

// C0 controls other than tab, LF and CR (which quoting handles), DEL, C1 controls and the Unicode line separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g;
// Anything a cell may have to escape or quote: every control character (tab, LF and CR too), '"' and ';'.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
const SPECIAL = /[\u0000-\u001F";\u007F-\u009F\u2028\u2029]/;

/**
 * One cell. Most cells hold nothing to escape or quote: one scan tells, and the text goes as it is (the audit CSV
 * writes hundreds of thousands of lines; issue 21).
 */
function csvCell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  let s = v;
  if (SPECIAL.test(s)) {
    s = escapeControls(s);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }
  const first = s.charCodeAt(0);
  // = + - @ (tab and CR, the other two, are special above).
  return first === 61 || first === 43 || first === 45 || first === 64 ? `'${s}` : s;
}

function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One entry's line: the audit screen's columns, the time in Brasília and the record's current name. */
function entryLine(e: AuditExportRow): string {
  // The list shows a user only when the row still has its user and role (toEntry).
  const user = e.user_id && e.user_name && e.user_email && e.role_id ? e : null;
  return csvLine([
    e.id,
    e.created_at,
    user?.user_name ?? '',
    user?.user_email ?? '',
    user ? (e.role_display_name ?? '') : '',
    AUDIT_EVENT_LABELS[e.event ?? ''] ?? e.event,
    AUDITABLE_TYPE_LABELS[e.auditable_type ?? ''] ?? e.auditable_type,
    e.auditable_id,
    e.ip_address,
    e.user_agent,
    e.url,
    e.old_values ?? '',
    e.new_values ?? '',
    e.record_name ?? '',
  ]);
}

/**
 * audit.csv, streamed (docs/adr/010-reports-that-stream.md): the filtered trail newest first, read through a
 * COPY (keyset batches on PGlite) and written a batch at a time, each record's name read with its row. The first
 * batch is read before the stream is returned, so a query that cannot start is still an error answer; a failure
 * later cuts the download short.
 */
export async function auditCsv(
  db: Executor,
  actor: Actor,
  filter: AuditFilter,
  batchSize = STREAM_BATCH,
): Promise<Readable> {
  const rows = await openTextRows(db, auditExport(actor, filter), AUDIT_EXPORT_COLUMNS, batchSize);
  async function* lines(): AsyncGenerator<string> {
    let out = `\uFEFF${csvLine(HEADER)}`;
    for await (const batch of rows) {
      for (const entry of batch) {
        out += entryLine(entry);
        if (out.length >= PIECE_CHARS) {
          yield out;
          out = '';
        }
      }
    }
    yield out;
  }
  return endsWith(Readable.from(lines(), { objectMode: false }), rows);
}
