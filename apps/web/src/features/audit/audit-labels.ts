import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS } from '@origem/contract/schemas/audit';
import dayjs from 'dayjs';

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

/** The record an entry concerns: 'Usuário #12', or just 'Sessão' when it has no id (a failed login). */
export function auditRecordLabel(type: string, id: number | null | undefined): string {
  const label = auditableTypeLabel(type);
  return id === null || id === undefined ? label : `${label} #${id}`;
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

/** dd/mm/aaaa hh:mm:ss in the browser's time zone (the audit trail needs the seconds). */
export function formatAuditTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY HH:mm:ss') : value;
}
