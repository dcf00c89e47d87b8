import { z } from 'zod';
import { messages } from '../messages.pt';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import { LOOKUPS } from './lookups';

/** A real calendar day (2024-02-30 is refused, not rolled over). */
function isCalendarDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const optionalDate = z.preprocess(
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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = paginated(auditEntrySchema);

/** Portuguese labels for audited record types and events (the filters show these). */
export const AUDITABLE_TYPE_LABELS: Record<string, string> = {
  user: 'Usuário',
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
  // Every lookup table is audited under its key.
  ...Object.fromEntries(Object.values(LOOKUPS).map((def) => [def.key, def.singular])),
};
export const AUDIT_EVENT_LABELS: Record<string, string> = {
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
  imported: 'Tabela importada',
  uploaded: 'Enviado',
};
