import {
  AUDIT_EVENT_LABELS,
  AUDITABLE_TYPE_LABELS,
  type AuditEntry,
  auditNameKey,
  formatAuditDateTime,
} from '@origem/contract/schemas/audit';

/** 'login_failed' → 'Login failed': the last resort for an event or type the contract does not label yet. */
function humanize(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Portuguese label of an audit event ('created' → 'Criado'). */
export function auditEventLabel(event: string): string {
  return AUDIT_EVENT_LABELS[event] ?? humanize(event);
}

/** Portuguese label of an audited record type ('user' → 'Usuário'). */
export function auditableTypeLabel(type: string): string {
  return AUDITABLE_TYPE_LABELS[type] ?? humanize(type);
}

type Named = Pick<AuditEntry, 'auditable_type' | 'auditable_id' | 'old_values' | 'new_values' | 'names'>;

const RECORDED_NAME_FIELDS = ['name', 'corporate_name', 'display_name', 'abbreviation', 'code'] as const;

/**
 * The name of the record an entry concerns: its current name (from the answer's `names`), else the name its own
 * audit values recorded (a record deleted since), else null.
 */
export function auditRecordName(entry: Named): string | null {
  if (entry.auditable_id === null) return null;
  const current = entry.names[auditNameKey(entry.auditable_type, entry.auditable_id)];
  if (current) return current;
  for (const values of [entry.new_values, entry.old_values]) {
    for (const field of RECORDED_NAME_FIELDS) {
      const value = values?.[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return null;
}

/** The record an entry concerns: 'Usuário: Ana Souza', 'Usuário nº 12' when no name is known, 'Sessão' alone. */
export function auditRecordLabel(entry: Named): string {
  const label = auditableTypeLabel(entry.auditable_type);
  if (entry.auditable_id === null) return label;
  const name = auditRecordName(entry);
  return name ? `${label}: ${name}` : `${label} nº ${entry.auditable_id}`;
}

/** antd preset tag colours by kind of event. */
export type AuditEventTone = 'green' | 'blue' | 'red' | 'orange' | 'default';

const TONES: Readonly<Record<string, AuditEventTone>> = {
  created: 'green',
  restored: 'green',
  updated: 'blue',
  password_changed: 'blue',
  password_reset: 'blue',
  deleted: 'red',
  login: 'default',
  logout: 'default',
  password_reset_requested: 'default',
  login_failed: 'orange',
  account_locked: 'orange',
};

/**
 * The tag colour of an event: creations green, changes blue, deletions red, sign-in/out grey, failures orange.
 * Workflow actions added later are placed by their name.
 */
export function auditEventTone(event: string): AuditEventTone {
  const known = TONES[event];
  if (known) return known;
  const e = event.toLowerCase();
  if (/fail|lock|block|denied|error|refus/.test(e)) return 'orange';
  if (/delet|remov|cancel|reprov|reject/.test(e)) return 'red';
  if (/creat|restor|approv|sign|issu/.test(e)) return 'green';
  if (/updat|chang|edit|sent|send|submit/.test(e)) return 'blue';
  return 'default';
}

/**
 * dd/mm/aaaa hh:mm:ss in Brasília time, whatever the browser's zone: the same text as the CSV export (the audit
 * trail needs the seconds).
 */
export function formatAuditTime(value: string | null | undefined): string {
  return value ? formatAuditDateTime(value) : '';
}
