import { z } from 'zod';
import { dispatcherLinkFlow, type StateOf, stateCodes } from '../flows';
import { MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { unmaskTaxId } from '../validators/tax-id';
import { optionalDate } from './audit';
import { flowViewFields } from './flow-history';

/**
 * Dispatcher–exporter links (SPEC §7 "Dispatcher-exporter links", §8; DOMAIN.md §2, §6): who may act for whom. The
 * states and actions are the flow's (flows.ts `dispatcherLinkFlow`); these are the calls' shapes and texts.
 */

export type DispatcherLinkStatus = StateOf<typeof dispatcherLinkFlow>;
const STATUS_CODES = stateCodes(dispatcherLinkFlow);

/** Who asked for the link (or for its deletion): one of its two sides, or the association's staff for both. */
export const LINK_SIDES = {
  exporter: 'Exportador',
  dispatcher: 'Despachante',
  association: 'Associação comercial',
} as const;
export type LinkSide = keyof typeof LINK_SIDES;
const SIDE_CODES = Object.keys(LINK_SIDES) as [LinkSide, ...LinkSide[]];

export const dispatcherLinkMessages = {
  /** SPEC §8, verbatim. */
  requestedByExporter: 'Solicitação de vínculo com despachante realizado com sucesso!',
  requestedByDispatcher: 'Solicitação de vínculo com exportador realizado com sucesso!',
  requestedByAssociation: 'Solicitação de vínculo entre exportador e despachante registrada com sucesso!',
  approved: dispatcherLinkFlow.actions.approve.success,
  disapproved: dispatcherLinkFlow.actions.disapprove.success,
  sentToAnalysis: dispatcherLinkFlow.actions.analysis.success,
  removed: dispatcherLinkFlow.actions.remove.success,
  /** SPEC §8, verbatim: the exporter asked; the dispatcher confirms. */
  deletionRequestedByExporter: 'Solicitação de exclusão enviada para o despachante!',
  deletionRequestedByDispatcher: 'Solicitação de exclusão enviada para o exportador!',
  deletionConfirmed: dispatcherLinkFlow.actions.confirm_deletion.success,
  alreadyLinked:
    'Já existe um vínculo ativo entre este exportador e este despachante (solicitado, em análise ou aprovado).',
  counterpartInvalid: 'Escolha uma opção da lista.',
  ownRecordMissing: 'O seu usuário não está ligado a um cadastro de exportador ou despachante.',
  wrongSide: 'Esta chamada é do outro lado do vínculo.',
  differentAssociations: 'O exportador e o despachante precisam ser da mesma associação comercial.',
  /** Guards: who may take an action on a given link. */
  requesterCannotDecide:
    'Quem solicitou o vínculo não pode aprová-lo, reprová-lo nem enviá-lo para análise: a decisão é da outra parte ou da associação comercial.',
  underAssociationAnalysis: 'A solicitação está em análise pela associação comercial: só ela pode decidir.',
  associationOnly: 'Só a associação comercial pode decidir por ela.',
  partiesOnlyRequestDeletion: 'Só o exportador ou o despachante do vínculo podem solicitar a exclusão.',
  deletionRequesterCannotConfirm:
    'Quem solicitou a exclusão não pode confirmá-la: a confirmação é da outra parte ou de um administrador.',
  confirmationByPartyOrAdmin: 'Só a outra parte do vínculo ou um administrador podem confirmar a exclusão.',
  onlyRequesterRemoves:
    'Só quem fez a solicitação (ou a associação comercial) pode apagá-la; a outra parte pode reprová-la.',
  notDeletable: (status: string) =>
    `Um vínculo ${status.toLowerCase()} não pode ser excluído por aqui: solicite a exclusão e a outra parte confirma.`,
  alreadyEnded: (status: string) => `Este vínculo já está encerrado (${status.toLowerCase()}).`,
} as const;

const taxIdFilter = z.preprocess(
  (v) => (typeof v === 'string' ? unmaskTaxId(v.trim()) || undefined : v),
  z.string().max(14).optional(),
);
const statusFilter = z.enum(STATUS_CODES).optional().catch(undefined);

/**
 * The exporter's and the dispatcher's views (GET /v1/exporter_dispatcher/link, /v1/dispatcher_exporter/link): by
 * default every link but the deleted ones; `cpf`/`cnpj` find the other side by its tax id (digits, any part).
 */
export const dispatcherLinkSideQuery = pageQuery.extend({
  status: statusFilter,
  trade_association_id: optionalId.catch(undefined),
  cpf: taxIdFilter,
  cnpj: taxIdFilter,
});
export type DispatcherLinkSideQuery = z.infer<typeof dispatcherLinkSideQuery>;

/**
 * The combined list (GET /v1/dispatcher_exporter_link), ordered by exporter name then dispatcher name (SPEC §9):
 * `cpf`/`cnpj` match either side; `dispatcher_exporter_link_flow_id` is the flow state's code, like `status`
 * (flows are data here, not a table with ids).
 */
export const dispatcherLinkListQuery = dispatcherLinkSideQuery.extend({
  dispatcher_exporter_link_flow_id: statusFilter,
});
export type DispatcherLinkListQuery = z.infer<typeof dispatcherLinkListQuery>;

const partySummary = z.object({
  id: z.number(),
  name: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
});
const named = z.object({ id: z.number(), name: z.string() });

export const dispatcherLinkSchema = z.object({
  id: z.number(),
  status: z.enum(STATUS_CODES),
  exporter_id: z.number(),
  exporter: partySummary,
  dispatcher_id: z.number(),
  dispatcher: partySummary,
  trade_association_id: z.number(),
  trade_association: named,
  requested_by: z.enum(SIDE_CODES),
  requested_by_user: named.nullable(),
  deletion_requested_by: z.enum(SIDE_CODES).nullable(),
  deletion_requested_by_user: named.nullable(),
  approved_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What this user may do now (the list's row buttons and the analysis screen's). */
  actions: flowViewFields.actions,
});
export type DispatcherLink = z.infer<typeof dispatcherLinkSchema>;
export const dispatcherLinkPageSchema = paginated(dispatcherLinkSchema);

/** GET /v1/dispatcher_exporter_link/{id}: the link, the actions and its history. */
export const dispatcherLinkDetailSchema = dispatcherLinkSchema.extend({ history: flowViewFields.history });
export type DispatcherLinkDetail = z.infer<typeof dispatcherLinkDetailSchema>;

/** Every mutation answers the spec's text and the link as it is now. */
export const dispatcherLinkAnswerSchema = z.object({
  message: z.string(),
  dispatcher_exporter_link: dispatcherLinkDetailSchema,
});
export type DispatcherLinkAnswer = z.infer<typeof dispatcherLinkAnswerSchema>;

/** Optional reason of a disapproval (kept in the history). */
export const dispatcherLinkNoteSchema = z
  .object({ note: z.string().max(2000).optional().nullable() })
  .optional()
  .nullable();

export const exporterDispatcherParams = z.object({
  exporterId: z.coerce.number().int().positive().max(MAX_ID),
  dispatcherId: z.coerce.number().int().positive().max(MAX_ID),
});

/**
 * GET /v1/exporter/dispatcher?user_id&name&start_date&end_date: the exporters a dispatcher is (or was) linked to
 * during a period, for its reports. `user_id` names the dispatcher's user (a dispatcher's own user by default).
 */
export const linkedExportersQuery = z.object({
  user_id: optionalId,
  name: optionalText,
  start_date: optionalDate,
  end_date: optionalDate,
});
export type LinkedExportersQuery = z.infer<typeof linkedExportersQuery>;

export const linkedExporterSchema = partySummary.extend({
  trade_association_id: z.number(),
  link_id: z.number(),
  status: z.enum(STATUS_CODES),
  /** When the link started granting access, and when it stopped (null while it still does). */
  approved_at: z.string(),
  ended_at: z.string().nullable(),
});
export type LinkedExporter = z.infer<typeof linkedExporterSchema>;
