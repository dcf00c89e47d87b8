import { z } from 'zod';
import { FLOWS } from '../flows';
import { messages } from '../messages.pt';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import { LOOKUPS } from './lookups';

/** A real calendar day (2024-02-30 is refused, not rolled over). */
function isCalendarDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const optionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.field.date)
    .refine(isCalendarDay, messages.field.date)
    .optional(),
);

export const auditFilterQuery = z.object({
  start_date: optionalDate,
  end_date: optionalDate,
  user_id: optionalId,
  ip_address: optionalText,
  event: optionalText,
  auditable_type: optionalText,
  auditable_id: optionalId,
});
export type AuditFilter = z.infer<typeof auditFilterQuery>;
export const auditListQuery = pageQuery.extend(auditFilterQuery.shape);
export type AuditListQuery = z.infer<typeof auditListQuery>;
/** The type-ahead filters `/v1/audit/user` and `/v1/audit/ip_address`: what was typed, or the chosen id. */
export const auditOptionQuery = z.object({ search: optionalText, id: optionalId });
export type AuditOptionQuery = z.infer<typeof auditOptionQuery>;

export const auditEntrySchema = z.object({
  id: z.number(),
  user: z
    .object({
      id: z.number(),
      name: z.string(),
      cpf: z.string().nullable(),
      email: z.string(),
      role: z.object({ id: z.number(), name: z.string(), display_name: z.string(), type: z.string() }),
      system_origin: z.object({ id: z.number(), system: z.string() }),
    })
    .nullable(),
  auditable_type: z.string(),
  auditable_id: z.number().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  url: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  event: z.string(),
  created_at: z.string(),
  /**
   * Names of the records the entry mentions, keyed by `auditNameKey(type, id)`: the audited record itself and the
   * ids in its values (AUDIT_REFERENCE_FIELDS), so the screen shows names instead of bare ids.
   */
  names: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = paginated(auditEntrySchema);

/**
 * Portuguese labels for audited record types and events. They are also the audit screen's filter options
 * (GET /v1/audit/auditable_type and /event), so every `type` and `event` given to recordAudit belongs here.
 */
export const AUDITABLE_TYPE_LABELS: Record<string, string> = {
  custom_report: 'Relatório personalizado',
  user: 'Usuário',
  job: 'Tarefa em segundo plano',
  exporter: 'Exportador',
  dispatcher: 'Despachante',
  company: 'Empresa',
  legal_representative: 'Responsável legal',
  pre_registration: 'Pré-cadastro',
  declaration: 'Declaração de origem',
  certificate: 'Certificado de origem',
  certificate_import: 'Importação de certificados',
  declaration_link: 'Vínculo de declaração',
  dispatcher_exporter_link: 'Vínculo despachante-exportador',
  role: 'Perfil',
  session: 'Sessão',
  deal: 'Acordo',
  origin_norm: 'Norma de origem',
  origin_rule: 'Regra de origem',
  federation: 'Federação',
  trade_association: 'Associação comercial',
  confederation: 'Confederação',
  confederation_image: 'Imagem da confederação',
  ncm: 'Tabela NCM',
  ncm_reference: 'Descrição de NCM',
  classification_list: 'Lista de classificação',
  certificate_model: 'Modelo de certificado',
  api_token: 'Token de API',
  webhook_endpoint: 'Webhook',
  webhook_delivery: 'Entrega de webhook',
  cloud_signature_provider: 'Provedor de assinatura em nuvem',
  // Every lookup table is audited under its key.
  ...Object.fromEntries(Object.values(LOOKUPS).map((def) => [def.key, def.singular])),
};
/** A flow's action is audited under its code (lib/workflow.ts), labelled as its button. */
const FLOW_ACTION_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(FLOWS).flatMap((flow) =>
    Object.entries(flow.actions as Record<string, { label: string }>).map(([code, action]) => [
      code,
      action.label,
    ]),
  ),
);
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  ...FLOW_ACTION_LABELS,
  created: 'Criado',
  updated: 'Alterado',
  deleted: 'Excluído',
  restored: 'Restaurado',
  login: 'Login',
  login_failed: 'Falha de login',
  logout: 'Logout',
  password_changed: 'Senha alterada',
  password_reset_requested: 'Redefinição de senha solicitada',
  password_reset: 'Senha redefinida',
  account_locked: 'Conta bloqueada',
  login_mfa_challenge: 'Login: verificação em duas etapas pedida',
  mfa_setup_started: 'Verificação em duas etapas: QR code gerado',
  mfa_enabled: 'Verificação em duas etapas ativada',
  mfa_disabled: 'Verificação em duas etapas desativada',
  mfa_failed: 'Código de verificação inválido',
  mfa_recovery_code_used: 'Código de recuperação usado',
  mfa_recovery_codes_regenerated: 'Novos códigos de recuperação gerados',
  mfa_reset: 'Verificação em duas etapas redefinida pelo administrador',
  session_ended: 'Sessão encerrada',
  sessions_ended: 'Sessões encerradas',
  revoked: 'Revogado',
  disabled: 'Desativado',
  replayed: 'Reenviado',
  imported: 'Tabela importada',
  uploaded: 'Enviado',
  approved: 'Aprovado',
  pendency: 'Pendência apontada',
  reproved: 'Reprovado',
  resubmitted: 'Reenviado pelo solicitante',
  retried: 'Nova tentativa',
  generate_pdf: 'PDF do certificado gerado',
  signature_a1: 'Assinado com certificado A1',
  signature_a3: 'Assinado com token A3',
  signature_cloud: 'Assinado com certificado em nuvem',
  cloud_signature_requested: 'Assinatura em nuvem iniciada',
  cloud_signature_failed: 'Assinatura em nuvem não concluída',
};

/** Audit times are Brasília time, on screen and in the CSV alike (the trail is read across the country). */
export const AUDIT_TIME_ZONE = 'America/Sao_Paulo';

const auditClock = new Intl.DateTimeFormat('pt-BR', {
  timeZone: AUDIT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** '2026-03-10T15:04:05Z' → '10/03/2026 12:04:05' (Brasília). Unreadable input is returned as given. */
export function formatAuditDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const part = Object.fromEntries(auditClock.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/**
 * Fields of the audited values that hold the id of another record, and that record's audit type: the audit
 * answer names them (`names`), and the screen shows the name in place of the id.
 */
export const AUDIT_REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  user_id: 'user',
  role_id: 'role',
  trade_association_id: 'trade_association',
  federation_id: 'federation',
  confederation_id: 'confederation',
  exporter_id: 'exporter',
  dispatcher_id: 'dispatcher',
  company_id: 'company',
  legal_representative_id: 'legal_representative',
  deal_id: 'deal',
  company_type_id: 'company_type',
  person_type_id: 'person_type',
  country_id: 'country',
  job_position_id: 'job_position',
  language_id: 'language',
};

/** The key of a record in an entry's `names`: 'trade_association:3'. */
export const auditNameKey = (type: string, id: number | string) => `${type}:${id}`;
