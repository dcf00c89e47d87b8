import {
  AUDIT_EVENT_LABELS,
  AUDITABLE_TYPE_LABELS,
  type AuditFilter,
  auditNameKey,
  formatAuditDateTime,
} from '@origem/contract/schemas/audit';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { withNames } from './names';
import { auditBatch, toEntry } from './queries';

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
  return `${values
    .map((v) => {
      let s = v === null ? '' : escapeControls(String(v));
      if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(';')}\r\n`;
}

// C0 controls other than tab, LF and CR (which quoting handles), DEL, C1 controls and the Unicode line separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g;

function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function* auditCsv(
  db: Executor,
  actor: Actor,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`;
  let beforeId: number | null = null;
  for (;;) {
    const rows = await auditBatch(db, actor, filter, beforeId, batchSize);
    if (rows.length === 0) return;
    let chunk = '';
    // Brasília time and the record's name, as the audit screen shows them.
    for (const e of await withNames(db, rows.map(toEntry))) {
      chunk += csvLine([
        e.id,
        formatAuditDateTime(e.created_at),
        e.user?.name ?? '',
        e.user?.email ?? '',
        e.user?.role.display_name ?? '',
        AUDIT_EVENT_LABELS[e.event] ?? e.event,
        AUDITABLE_TYPE_LABELS[e.auditable_type] ?? e.auditable_type,
        e.auditable_id,
        e.ip_address,
        e.user_agent,
        e.url,
        e.old_values ? JSON.stringify(e.old_values) : '',
        e.new_values ? JSON.stringify(e.new_values) : '',
        e.auditable_id === null ? '' : (e.names[auditNameKey(e.auditable_type, e.auditable_id)] ?? ''),
      ]);
    }
    yield chunk;
    beforeId = rows[rows.length - 1]?.id ?? null;
    if (rows.length < batchSize) return;
  }
}
