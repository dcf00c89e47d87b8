import { z } from 'zod';
import { declarationLinkFlow, type StateOf, stateCodes } from '../flows';
import { messages } from '../messages.pt';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import { unmaskNcm } from '../validators/ncm';
import { isValidCnpj, isValidCpf, unmaskTaxId } from '../validators/tax-id';
import { DECLARATION_STATUS_CODES } from './declarations';
import { requiredChoice } from './fields';
import { flowViewFields } from './flow-history';

/**
 * Declaration links (vínculos de declaração; DOMAIN.md §6, SPEC §3, §4, §7 "Declaration links", §8): an exporter
 * asks to cite a manufacturer's approved declaration (or the manufacturer, or the association, offers it); the
 * other side or the association approves. Deleting marks the link REPROVADO (never removes it) and it moves to the
 * top of the list. The manufacturer of a link is the party that owns the declaration.
 */

export type DeclarationLinkStatus = StateOf<typeof declarationLinkFlow>;
export const DECLARATION_LINK_STATUS_CODES = stateCodes(declarationLinkFlow);
/** Status code → Portuguese label, from the flow definition. */
export const DECLARATION_LINK_STATUSES = Object.fromEntries(
  DECLARATION_LINK_STATUS_CODES.map((code) => [code, declarationLinkFlow.states[code].label]),
) as Record<DeclarationLinkStatus, string>;

/** Who asked: the exporter that will cite the declaration, or the declaration's side (its owner or association). */
export const DECLARATION_LINK_SIDES = { exporter: 'Exportador', manufacturer: 'Fabricante' } as const;
export type DeclarationLinkSide = keyof typeof DECLARATION_LINK_SIDES;

/** SPEC §9: the declaration-link list's page size. */
export const DECLARATION_LINK_PAGE_SIZE = 10;

export const declarationLinkMessages = {
  /** SPEC §8 fallback messages, verbatim: what the screens show when a call fails without a server message. */
  fallback: {
    exporterNotFound: 'Exportador não encontrado',
    fetchManufacturers: 'Erro ao buscar fabricantes',
    link: 'Erro ao vincular exportador',
    fetchDeclarations: 'Erro ao buscar declarações',
    delete: 'Erro ao deletar vínculo',
    fetchFlows: 'Erro ao buscar fluxos de declaração',
    approve: 'Erro ao aprovar vínculo',
  },
  /** 404 of GET /v2/declaration_link/exporter (the server says it too). */
  exporterNotFound: 'Exportador não encontrado',
  /** The exporter asked to cite a manufacturer's declaration. */
  requested: 'Solicitação de vínculo com o fabricante enviada com sucesso! Aguarde a aprovação.',
  /** The manufacturer (or the association) offered its declaration to an exporter: SPEC §8's text. */
  offered: 'Solicitação de vínculo com exportador realizado com sucesso!',
  approved: declarationLinkFlow.actions.approve.success,
  reproved: declarationLinkFlow.actions.reprove.success,
  taxIdRequired: 'Informe o CPF ou o CNPJ do exportador.',
  declaration: 'Escolha a declaração.',
  exporter: 'Escolha o exportador.',
  declarationNotCitable: 'Só é possível vincular declarações aprovadas e dentro da validade.',
  sameParty: 'Este exportador é o dono da declaração: ele já pode citá-la.',
  notYourSide:
    'Você só pode pedir vínculo para o seu próprio exportador ou oferecer as declarações do seu próprio cadastro.',
  alreadyLinked: 'Já existe um vínculo pendente ou aprovado entre este exportador e esta declaração.',
  requesterCannotApprove: 'Quem solicitou o vínculo não pode aprová-lo.',
  manufacturerApproves: 'Somente o fabricante dono da declaração ou a associação pode aprovar este pedido.',
  exporterApproves: 'Somente o exportador ou a associação pode aceitar este vínculo.',
} as const;

// ---- queries and inputs --------------------------------------------------------------------------------------------

/** GET /v2/declaration_link/exporter?cpf&cnpj: the exporter with this tax id (404 'Exportador não encontrado'). */
export const exporterByTaxIdQuery = z.object({
  cpf: z.preprocess(
    (v) => (typeof v === 'string' ? unmaskTaxId(v) || undefined : undefined),
    z.string().max(20).refine(isValidCpf, messages.field.cpf).optional(),
  ),
  cnpj: z.preprocess(
    (v) => (typeof v === 'string' ? unmaskTaxId(v) || undefined : undefined),
    z.string().max(20).refine(isValidCnpj, messages.field.cnpj).optional(),
  ),
});
export type ExporterByTaxIdQuery = z.infer<typeof exporterByTaxIdQuery>;

/** GET /v2/declaration_link/manufacturer: name or trade name "contains", tax id digits "starts with"; type-ahead. */
export const manufacturerSearchQuery = pageQuery.extend({
  name: optionalText,
  cnpj: optionalText,
  cpf: optionalText,
});
export type ManufacturerSearchQuery = z.infer<typeof manufacturerSearchQuery>;

const ncmPrefix = z.preprocess(
  (v) => (typeof v === 'string' ? unmaskNcm(v) || undefined : undefined),
  z
    .string()
    .regex(/^\d{1,8}$/)
    .optional()
    .catch(undefined),
);

/**
 * GET /v2/declaration_link/manufacturer/{id}/declarations: a manufacturer's approved, unexpired declarations an
 * exporter may ask to cite, with that exporter's link to each (`exporter_id`: staff choose it; an exporter's user
 * is always its own).
 */
export const manufacturerDeclarationsQuery = pageQuery.extend({
  product_name: optionalText,
  ncm: ncmPrefix,
  exporter_id: optionalId,
});
export type ManufacturerDeclarationsQuery = z.infer<typeof manufacturerDeclarationsQuery>;

/** POST /v2/declaration_link/exporter. */
export const declarationLinkInputSchema = z.object({
  declaration_id: requiredChoice(declarationLinkMessages.declaration),
  exporter_id: requiredChoice(declarationLinkMessages.exporter),
});
export type DeclarationLinkInput = z.infer<typeof declarationLinkInputSchema>;

/**
 * GET /v2/declaration_link?cnpj&name&declaration_id&ncm&denomination&declaration_link_flow_id&page: 10 per page,
 * REPROVADO first, then newest. `cnpj` (digits, "starts with") and `name` ("contains") match either party, the
 * exporter or the manufacturer; `denomination` is the declared product's name ("contains"); `ncm` its code or first
 * digits.
 */
export const declarationLinkListQuery = pageQuery.extend({
  cnpj: optionalText,
  name: optionalText,
  declaration_id: optionalId,
  ncm: ncmPrefix,
  denomination: optionalText,
  declaration_link_flow_id: z.enum(DECLARATION_LINK_STATUS_CODES).optional().catch(undefined),
});
export type DeclarationLinkListQuery = z.infer<typeof declarationLinkListQuery>;

// ---- answers -----------------------------------------------------------------------------------------------------

const party = z.object({
  id: z.number(),
  name: z.string(),
  cnpj: z.string().nullable(),
  cpf: z.string().nullable(),
});

/** The exporter found by tax id. */
export const linkExporterSchema = party.extend({
  trade_name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  trade_association: z.object({ id: z.number(), name: z.string() }),
});
export type LinkExporter = z.infer<typeof linkExporterSchema>;

/** A manufacturer party with approved declarations. */
export const linkManufacturerSchema = party.extend({
  trade_name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type LinkManufacturer = z.infer<typeof linkManufacturerSchema>;
export const linkManufacturerPageSchema = paginated(linkManufacturerSchema);

/** SPEC §3 "has declaration_link_flow (id, name)". */
export const declarationLinkFlowRefSchema = z.object({
  id: z.enum(DECLARATION_LINK_STATUS_CODES),
  name: z.string(),
});

/** One of a manufacturer's declarations an exporter may ask for, with that exporter's link to it (if any). */
export const manufacturerDeclarationSchema = z.object({
  id: z.number(),
  product_name: z.string(),
  internal_product_code: z.string().nullable(),
  ncm: z.string(),
  deal: z.object({ id: z.number(), abbreviation: z.string() }),
  valid_until: z.string().nullable(),
  link: z.object({ id: z.number(), status: z.enum(DECLARATION_LINK_STATUS_CODES) }).nullable(),
});
export type ManufacturerDeclaration = z.infer<typeof manufacturerDeclarationSchema>;
export const manufacturerDeclarationPageSchema = paginated(manufacturerDeclarationSchema);

export const declarationLinkSchema = z.object({
  id: z.number(),
  status: z.enum(DECLARATION_LINK_STATUS_CODES),
  declaration_link_flow: declarationLinkFlowRefSchema,
  declaration_id: z.number(),
  declaration: z.object({
    id: z.number(),
    product_name: z.string(),
    internal_product_code: z.string().nullable(),
    ncm: z.string(),
    status: z.enum(DECLARATION_STATUS_CODES),
    valid_until: z.string().nullable(),
  }),
  exporter_id: z.number(),
  exporter: party,
  manufacturer_id: z.number(),
  manufacturer: party,
  requested_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  requested_side: z.enum(['exporter', 'manufacturer']),
  created_at: z.string(),
  updated_at: z.string(),
  /** The flow's actions this user may take on the row now ('approve', 'reprove'). */
  actions: flowViewFields.actions,
});
export type DeclarationLink = z.infer<typeof declarationLinkSchema>;
export const declarationLinkPageSchema = paginated(declarationLinkSchema);

/** POST /v2/declaration_link/exporter and DELETE /v2/declaration_link/{id}. */
export const declarationLinkActionSchema = z.object({
  message: z.string(),
  declaration_link: declarationLinkSchema,
});

/** POST /v2/declaration_link/approve/{id}: `id` is the declaration's (the page the web opens next). */
export const declarationLinkApprovalSchema = z.object({
  id: z.number(),
  message: z.string(),
  declaration_link: declarationLinkSchema,
});

/** GET /v2/declaration_link/declaration_link_flow. */
export const declarationLinkFlowListSchema = z.object({ data: z.array(declarationLinkFlowRefSchema) });
