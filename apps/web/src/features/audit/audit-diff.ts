import { AUDIT_REFERENCE_FIELDS, auditNameKey } from '@origem/contract/schemas/audit';
import { formatDate, formatPhone, formatTaxId } from '../../ui/format';
import { formatAuditTime } from './audit-labels';

type Values = Record<string, unknown> | null | undefined;
/** The entry's `names` (record names keyed by auditNameKey). */
type Names = Readonly<Record<string, string>>;

/** One line of the change table: a field with its value before and after (null: absent on that side). */
export type AuditDiffRow = {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
};

/** Portuguese names of the fields the audit trail records; unknown fields show their technical name. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  display_name: 'Nome de exibição',
  email: 'E-mail',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  phone: 'Telefone',
  role_id: 'Perfil',
  active: 'Ativo',
  status: 'Situação',
  type: 'Tipo',
  permissions: 'Permissões',
  trade_association_id: 'Associação comercial',
  federation_id: 'Federação',
  confederation_id: 'Confederação',
  exporter_id: 'Exportador',
  dispatcher_id: 'Despachante',
  user_id: 'Usuário',
  deal_id: 'Acordo',
  company_type_id: 'Tipo de empresa',
  person_type_id: 'Tipo de pessoa',
  country_id: 'País',
  job_position_id: 'Cargo',
  language_id: 'Idioma',
  corporate_name: 'Razão social',
  trade_name: 'Nome fantasia',
  abbreviation: 'Sigla',
  change_password: 'Trocar a senha no próximo acesso',
  reason: 'Motivo',
  created_at: 'Criado em',
  updated_at: 'Alterado em',
  deleted_at: 'Excluído em',
};

/** Coded values worth a Portuguese reading, by field. */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  reason: { password: 'Senha incorreta', locked: 'Conta bloqueada' },
};

export const EMPTY_VALUE = '(vazio)';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function formatScalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') {
    if (ISO_DATE_TIME.test(value)) return formatAuditTime(value);
    if (ISO_DATE.test(value)) return formatDate(value);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * A recorded value as text: booleans as Sim/Não, dates as dd/mm/aaaa (hh:mm:ss), CPF/CNPJ and phones masked,
 * lists joined with ', ', nested objects as indented JSON, null or blank as '(vazio)'.
 */
export function formatAuditValue(value: unknown, field = '', names: Names = {}): string {
  const referenced = AUDIT_REFERENCE_FIELDS[field];
  if (referenced && (typeof value === 'number' || typeof value === 'string') && value !== '') {
    // An id of another record: its name, with the number for whoever needs to find it.
    const name = names[auditNameKey(referenced, value)];
    return name ? `${name} (nº ${value})` : `nº ${value}`;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? EMPTY_VALUE : value.map((item) => formatScalar(item)).join(', ');
  }
  if (typeof value === 'string' && value !== '') {
    const coded = VALUE_LABELS[field]?.[value];
    if (coded) return coded;
    if (field === 'cpf' || field === 'cnpj') return formatTaxId(value, value);
    if (field === 'phone') return formatPhone(value, value);
  }
  if (typeof value === 'object' && value !== null) return JSON.stringify(value, null, 2);
  return formatScalar(value);
}

/** The field's Portuguese name, or its technical name when none is known. */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABELS);

/** Known fields in a reading order (name, e-mail, documents…), then the others as recorded. */
function byReadingOrder(a: string, b: string): number {
  const ia = FIELD_ORDER.indexOf(a);
  const ib = FIELD_ORDER.indexOf(b);
  return (ia === -1 ? FIELD_ORDER.length : ia) - (ib === -1 ? FIELD_ORDER.length : ib);
}

/**
 * The change table of an audit entry: every field present in the old or the new values, each with its formatted
 * value on the sides where it was recorded. Known fields come first in a reading order (the database keeps JSON
 * keys in its own order), the others after them as recorded, old ones first.
 */
export function auditDiffRows(oldValues: Values, newValues: Values, names: Names = {}): AuditDiffRow[] {
  const before = oldValues ?? {};
  const after = newValues ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byReadingOrder);
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(field),
    before: field in before ? formatAuditValue(before[field], field, names) : null,
    after: field in after ? formatAuditValue(after[field], field, names) : null,
  }));
}
