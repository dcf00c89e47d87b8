import { z } from 'zod';
import { preRegistrationFlow, type StateOf, stateCodes } from '../flows';
import { pageQuery, paginated } from '../paging';
import { unmaskTaxId } from '../validators/tax-id';
import { addressOutput } from './entities';
import { email, requiredId } from './fields';
import { storedFileInfoSchema } from './files';
import { flowViewFields } from './flow-history';
import { partyInputFields, refinePartyTaxId } from './party';

/**
 * Pre-registration (pré-cadastro, DOMAIN.md §7; SPEC §5, §7, §8): the public sign-up of an exporter or a dispatcher,
 * its analysis by the association's staff, and the pendency the applicant resolves through a private link.
 */

export type PreRegistrationStatus = StateOf<typeof preRegistrationFlow>;
const STATUS_CODES = stateCodes(preRegistrationFlow);
/** Status code → Portuguese label, from the flow definition. */
export const PRE_REGISTRATION_STATUSES = Object.fromEntries(
  STATUS_CODES.map((code) => [code, preRegistrationFlow.states[code].label]),
) as Record<PreRegistrationStatus, string>;

/** The profile the approved applicant receives: the role slug of its user. */
export const PROFILE_TYPES = { exportador: 'Exportador', despachante: 'Despachante' } as const;
export type ProfileType = keyof typeof PROFILE_TYPES;
const PROFILE_CODES = Object.keys(PROFILE_TYPES) as [ProfileType, ...ProfileType[]];

/** Days the pendency link stays valid. */
export const PENDENCY_LINK_DAYS = 7;

export const preRegistrationMessages = {
  /** SPEC §8, 251: the CPF/CNPJ already belongs to an exporter or dispatcher. */
  alreadyRegistered: 'Este CPF/CNPJ já foi cadastrado em nosso Sistema',
  /** SPEC §8, 252: the same, while another pre-registration with it is under analysis. */
  underAnalysis: 'Este CPF/CNPJ já foi cadastrado em nosso Sistema e está em fase de análise cadastral',
  supportIntro: 'Em caso de dúvida, entre em contato com os canais de atendimento',
  /** SPEC §8, 253: the warning title; the server's reason follows it. */
  approvalRefused: 'Pré-Cadastrado não pode ser APROVADO !',
  taxIdNowRegistered: (profile: string) =>
    `O CPF/CNPJ deste pré-cadastro já pertence a um ${profile.toLowerCase()} ativo no Sistema.`,
  emailTaken: 'O e-mail deste pré-cadastro já pertence a um usuário ativo do Sistema.',
  profileType: 'Escolha o perfil: Exportador ou Despachante.',
  federation: 'Escolha a federação.',
  associationOutsideFederation: 'A associação comercial escolhida não pertence à federação informada.',
  fileRequired: 'Envie o contrato social em PDF.',
  reasonRequired: 'Informe o motivo.',
  notEditable: (status: string) => `Este pré-cadastro está ${status.toLowerCase()} e não pode ser alterado.`,
  taxIdInUse:
    'Este CPF/CNPJ já está em outro pré-cadastro ou no cadastro de empresas do Sistema e não pode ser usado aqui.',
  approvedNotDeletable:
    'Um pré-cadastro aprovado não pode ser excluído: ele é o histórico do cadastro que originou.',
  linkInvalid:
    'Este link de pendência é inválido ou expirou. Entre em contato com a sua associação comercial.',
  created:
    'Pré-cadastro enviado com sucesso! A associação comercial analisará os seus dados e você receberá a resposta por e-mail.',
  resubmitted: preRegistrationFlow.actions.resubmit.success,
  updated: 'Pré-cadastro editado com sucesso!',
  approved: preRegistrationFlow.actions.approve.success,
  pendency: preRegistrationFlow.actions.pendency.success,
  reproved: preRegistrationFlow.actions.reprove.success,
  deleted: 'Pré-cadastro excluído com sucesso!',
} as const;

const profileType = z.enum(PROFILE_CODES, { error: preRegistrationMessages.profileType });

/**
 * The applicant's data (create, the applicant's correction and the staff's edit): the party fields with the
 * e-mail required, the profile and the federation the association is chosen under. The social contract PDF
 * travels with it as the multipart file `social_contract`.
 */
export const preRegistrationFields = z.object({
  ...partyInputFields,
  profile_type: profileType,
  email,
  federation_id: z.coerce
    .number({ error: preRegistrationMessages.federation })
    .int(preRegistrationMessages.federation)
    .positive(preRegistrationMessages.federation),
  trade_association_id: requiredId,
  recaptchaToken: z.string().max(4000).optional(),
  /** The private pendency token, when the applicant resubmits through the e-mailed link. */
  token: z.string().max(200).optional(),
});
export const preRegistrationInputSchema = refinePartyTaxId(preRegistrationFields);
export type PreRegistrationInput = z.infer<typeof preRegistrationInputSchema>;

export const reasonSchema = z.object({
  reason: z
    .string({ error: preRegistrationMessages.reasonRequired })
    .trim()
    .min(1, preRegistrationMessages.reasonRequired)
    .max(1000, 'Use no máximo 1000 caracteres.'),
});
export type ReasonInput = z.infer<typeof reasonSchema>;

const taxIdFilter = z.preprocess(
  (v) => (typeof v === 'string' ? unmaskTaxId(v.trim()) || undefined : v),
  z.string().max(14).optional(),
);

export const PRE_REGISTRATION_ORDERS = ['created_at', '-created_at', 'name', '-name'] as const;

/** GET /v1/pre_registration: newest first unless `order` says otherwise (SPEC §9). */
export const preRegistrationListQuery = pageQuery.extend({
  status: z.enum(STATUS_CODES).optional().catch(undefined),
  cpf: taxIdFilter,
  cnpj: taxIdFilter,
  order: z.enum(PRE_REGISTRATION_ORDERS).optional().catch(undefined),
});
export type PreRegistrationListQuery = z.infer<typeof preRegistrationListQuery>;

export const pendencyQuery = z.object({ token: z.string().min(1).max(200) });

export const associationsQuery = z.object({
  federation_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
});

const named = z.object({ id: z.number(), name: z.string() });

export const preRegistrationListItemSchema = z.object({
  id: z.number(),
  status: z.enum(STATUS_CODES),
  profile_type: z.enum(PROFILE_CODES),
  person_type_id: z.number(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  trade_association: named,
  created_at: z.string(),
});
export type PreRegistrationListItem = z.infer<typeof preRegistrationListItemSchema>;
export const preRegistrationPageSchema = paginated(preRegistrationListItemSchema);

/** What the applicant sees through the pendency link: its own data and the reason. */
export const pendencyViewSchema = preRegistrationListItemSchema.extend({
  trade_name: z.string().nullable(),
  state_registration: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressOutput,
  federation_id: z.number().nullable(),
  trade_association_id: z.number(),
  pendency_reason: z.string().nullable(),
  pendency_expires_at: z.string().nullable(),
  social_contract: storedFileInfoSchema.nullable(),
});
export type PendencyView = z.infer<typeof pendencyViewSchema>;

export const preRegistrationSchema = pendencyViewSchema.extend({
  federation: named.nullable(),
  reproval_reason: z.string().nullable(),
  exporter_id: z.number().nullable(),
  dispatcher_id: z.number().nullable(),
  analysed_by: named.nullable(),
  analysed_at: z.string().nullable(),
  updated_at: z.string(),
  ...flowViewFields,
});
export type PreRegistration = z.infer<typeof preRegistrationSchema>;

/** 251 / 252: the refusal and where the applicant can ask for help (the chosen association). */
export const taxIdRefusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  support: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
});
export type TaxIdRefusal = z.infer<typeof taxIdRefusalSchema>;

export const federationOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
});
export const associationOptionSchema = federationOptionSchema.extend({
  federation_id: z.number().nullable(),
});
export type PublicFederation = z.infer<typeof federationOptionSchema>;
export type PublicAssociation = z.infer<typeof associationOptionSchema>;

export const profileTypeOptionSchema = z.object({ id: z.enum(PROFILE_CODES), name: z.string() });
export const countryOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
