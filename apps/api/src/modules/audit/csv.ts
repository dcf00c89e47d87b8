import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS, type AuditFilter } from '@origem/contract/schemas/audit';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
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
];

/**
 * Semicolon-separated with a BOM, as Excel in pt-BR expects; quotes doubled per RFC 4180. A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe: names, user agents and
 * e-mails typed at login reach this file, and anyone may type them (CSV injection).
 */
function csvLine(values: (string | number | null)[]): string {
  return `${values
    .map((v) => {
      let s = v === null ? '' : String(v);
      if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(';')}\r\n`;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

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
    for (const row of rows) {
      const e = toEntry(row);
      chunk += csvLine([
        e.id,
        dateTime.format(new Date(e.created_at)),
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
      ]);
    }
    yield chunk;
    beforeId = rows[rows.length - 1]?.id ?? null;
    if (rows.length < batchSize) return;
  }
}
