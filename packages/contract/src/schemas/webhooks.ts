import { z } from 'zod';
import { pageQuery, paginated } from '../paging';

/**
 * Webhooks (issue 25): an exporter, dispatcher or association registers HTTPS endpoints for events about its own
 * records; each delivery is a small signed JSON body, retried with back-off for a day.
 */

export const WEBHOOK_EVENTS = {
  'certificate.sent': 'Certificado enviado para análise',
  'certificate.approved': 'Certificado aprovado',
  'certificate.reproved': 'Certificado reprovado',
  'certificate.issued': 'Certificado emitido',
  'certificate.cancelled': 'Certificado cancelado',
  'declaration.approved': 'Declaração aprovada',
  'declaration.reproved': 'Declaração reprovada',
  'link.approved': 'Vínculo aprovado',
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];

/** The role types that own endpoints: each receives the events of its own records. */
export const WEBHOOK_ROLE_TYPES = ['exportador', 'despachante', 'associacao'] as const;

export const WEBHOOK_SIGNATURE_HEADER = 'X-Origem-Signature';

export const webhookInputSchema = z.object({
  url: z
    .string({ error: 'Informe o endereço.' })
    .trim()
    .min(1, 'Informe o endereço.')
    .max(2000, 'Use até 2000 caracteres.')
    .url('Informe um endereço completo, começando por https://.'),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)).min(1, 'Escolha ao menos um evento.'),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;
/** An edit: the same fields and whether it is on (turning it on again after it was disabled). */
export const webhookUpdateSchema = webhookInputSchema.extend({ active: z.boolean() });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ data: z.array(webhookSchema) });

export const webhookCreatedSchema = z.object({
  webhook: webhookSchema,
  secret: z.string(),
  message: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = {
  PENDENTE: { label: 'Pendente', color: 'blue' },
  ENTREGUE: { label: 'Entregue', color: 'green' },
  FALHOU: { label: 'Falhou', color: 'red' },
} as const;
export type WebhookDeliveryStatus = keyof typeof WEBHOOK_DELIVERY_STATUSES;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(
    Object.keys(WEBHOOK_DELIVERY_STATUSES) as [WebhookDeliveryStatus, ...WebhookDeliveryStatus[]],
  ),
  attempts: z.number(),
  response_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryQuery = pageQuery;
export const webhookDeliveryPageSchema = paginated(webhookDeliverySchema);

export const webhookMessages = {
  created: 'Webhook cadastrado. Copie o segredo agora: ele não será mostrado novamente.',
  updated: 'Webhook atualizado.',
  deleted: 'Webhook excluído.',
  replayed: 'Entrega reenfileirada: ela será enviada em instantes.',
  notOwner: 'Só exportadores, despachantes e associações cadastram webhooks.',
  httpsRequired: 'Use um endereço https://.',
  privateAddress: 'O endereço aponta para uma rede privada ou local, que o Origem não chama.',
  unresolvable: 'Não foi possível encontrar este endereço (DNS).',
  disabledMailSubject: 'Webhook desativado após falhas seguidas',
} as const;
