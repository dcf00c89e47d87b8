import { z } from 'zod';
import { messages } from '../messages.pt';
import { MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { nullableId, optionalCnpj, optionalNullableText, requiredId, requiredText } from './fields';
import { storedFileInfoSchema } from './files';

/**
 * Confederations, federations and trade associations (SPEC §3, §7; DOMAIN.md §1): the inputs both sides validate,
 * the answers of the API and the Portuguese texts of the three screens. The SPEC §8 success texts of federations
 * and confederations are in messages.pt.ts (`messages.success`).
 */

export const entityMessages = {
  association: {
    created: 'Nova Associação Comercial cadastrada com sucesso !',
    updated: 'Associação Comercial editada com sucesso !',
    deleted: 'Associação Comercial deletada com sucesso !',
  },
  /** SPEC §8: shown when a logo upload fails and the server gave no reason. */
  logoUploadFailed: 'Não foi possível efetuar o UPLOAD da logo !!!',
  cep: 'Informe um CEP com 8 dígitos.',
  uf: 'Informe a sigla de uma UF (ex.: SP).',
  phone: 'Informe o telefone com DDD (10 ou 11 dígitos).',
  url: 'Informe um endereço de site válido (ex.: https://www.exemplo.org.br).',
  ehid: 'O EHId tem exatamente 3 letras maiúsculas ou dígitos (ex.: ACS).',
  ehidTaken: 'Este EHId já está em uso por outra associação comercial.',
  fees: 'A tabela de taxas enviada é inválida.',
  feeAmount: 'Informe um valor de R$ 0,00 a R$ 999.999,99, com até 2 casas decimais.',
  feeOrder: 'A taxa de associado não pode ser maior que a de não associado.',
  feeDuplicate: 'Cada acordo pode aparecer uma única vez na tabela de taxas.',
  feeDeal: 'Acordo inexistente.',
  imageMissing: 'Envie a imagem no campo "file".',
  associationUser: 'Escolha um usuário ativo desta associação.',
  imageExpired: 'A imagem enviada não foi encontrada ou foi substituída por outra. Envie a imagem novamente.',
  federationInUse: (associations: number, users: Users) =>
    `Esta federação não pode ser excluída: ${usage([
      [associations, 'associação comercial vinculada', 'associações comerciais vinculadas'],
      ...userParts(users),
    ])}.`,
  associationInUse: (users: Users) =>
    `Esta associação comercial não pode ser excluída: ${usage(userParts(users))}.`,
  confederationInUse: (federations: number, users: Users) =>
    `Esta confederação não pode ser excluída: ${usage([
      [federations, 'federação vinculada', 'federações vinculadas'],
      ...userParts(users),
    ])}.`,
  /** Another kind of record (exporters, certificates…) still points at the entity. */
  inUse: 'Este registro está em uso por outros cadastros e não pode ser excluído.',
  createNotAllowed: 'Seu perfil não pode cadastrar ou excluir este tipo de entidade.',
} as const;

type Part = [count: number, one: string, many: string];
/** Live users, and deleted ones (kept, with their links, for the audit trail). */
type Users = { live: number; deleted: number };

function userParts({ live, deleted }: Users): Part[] {
  return [
    [live, 'usuário vinculado', 'usuários vinculados'],
    [
      deleted,
      'usuário excluído que ainda consta no histórico',
      'usuários excluídos que ainda constam no histórico',
    ],
  ];
}

function usage(parts: Part[]): string {
  const texts = parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `há ${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`);
  if (texts.length === 0) return 'há registros vinculados';
  return texts.length === 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} e ${texts.at(-1)}`;
}

/** The 27 federative units, for the address selects and the `state` rule. */
export const UF_CODES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

const blankToNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : (v ?? null));

/** Stored as its 8 digits; '01014-911' and '01014911' are the same CEP. */
export const optionalCep = z
  .preprocess(blankToNull, z.string().max(20, entityMessages.cep).nullable())
  .refine((v) => v === null || /^\d{5}[-.\s]?\d{3}$/.test(v), entityMessages.cep)
  .transform((v) => (v ? v.replace(/\D/g, '') : null));

/** Stored as digits only: DDD + number. */
export const optionalPhone = z
  .preprocess(blankToNull, z.string().max(30, entityMessages.phone).nullable())
  .refine((v) => v === null || /^[\d\s()+.-]+$/.test(v), entityMessages.phone)
  .transform((v) => (v ? v.replace(/\D/g, '') : null))
  .refine((v) => v === null || /^\d{10,11}$/.test(v), entityMessages.phone);

export const optionalUf = z
  .preprocess((v) => {
    const text = blankToNull(v);
    return typeof text === 'string' ? text.toUpperCase() : text;
  }, z.string().max(2, entityMessages.uf).nullable())
  .refine((v) => v === null || (UF_CODES as readonly string[]).includes(v), entityMessages.uf);

export const optionalEmail = z
  .preprocess(blankToNull, z.string().max(255, messages.field.tooLong(255)).nullable())
  .refine((v) => v === null || (v.length <= 255 && z.email().safeParse(v).success), messages.field.email)
  .transform((v) => (v ? v.toLowerCase() : null));

/** A site address; 'www.cnc.org.br' gets its 'https://'. */
export const optionalUrl = z
  .preprocess(blankToNull, z.string().max(255, messages.field.tooLong(255)).nullable())
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
  .refine(
    (v) =>
      v === null ||
      (v.length <= 255 && /^https?:\/\/[^\s/?#:@]+\.[^\s/?#:@]+(:\d{1,5})?([/?#]\S*)?$/i.test(v)),
    entityMessages.url,
  );

/** ALADI issuing-entity code: three upper-case letters or digits. */
export const ehidField = z
  .string({ error: messages.field.required })
  .max(20, entityMessages.ehid)
  .trim()
  .min(1, messages.field.required)
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9]{3}$/.test(v), entityMessages.ehid);

/** Multipart sends every value as text: 'true'/'1'/'on' mean yes. */
export const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'sim'].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);

export const addressInput = {
  postcode: optionalCep,
  address: optionalNullableText(255),
  number: optionalNullableText(20),
  complement: optionalNullableText(120),
  neighborhood: optionalNullableText(120),
  city: optionalNullableText(120),
  state: optionalUf,
};

export const federationInputSchema = z.object({
  name: requiredText(255),
  abbreviation: optionalNullableText(30),
  cnpj: optionalCnpj,
  email: optionalEmail,
  phone: optionalPhone,
  ...addressInput,
  confederation_id: nullableId,
  /** Removes the current logo (ignored when a new `logo` file comes with the form). */
  remove_logo: flag,
});
export type FederationInput = z.infer<typeof federationInputSchema>;

const MAX_FEE = 999_999.99;

/** A fee in reais: a number, or text with a dot or comma as decimal separator ('45', '45.5', '45,50'). */
export const feeAmount = z.preprocess(
  (v) => {
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'));
    return v ?? undefined;
  },
  z
    .number({ error: messages.field.required })
    .refine(
      (n) => Number.isFinite(n) && n >= 0 && n <= MAX_FEE && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      entityMessages.feeAmount,
    ),
);

export const feeInputSchema = z
  .object({
    deal_id: requiredId,
    member_fee: feeAmount,
    non_member_fee: feeAmount,
  })
  .refine((fee) => fee.member_fee <= fee.non_member_fee, {
    message: entityMessages.feeOrder,
    path: ['member_fee'],
  });
export type FeeInput = z.infer<typeof feeInputSchema>;

const NOT_JSON = Symbol('not json');

/** The association's whole fee table, replaced as a set: an array, or (multipart) its JSON text. */
export const feesField = z
  .preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return NOT_JSON;
      }
    },
    z.array(feeInputSchema, { error: entityMessages.fees }).max(500, entityMessages.fees),
  )
  .superRefine((fees, ctx) => {
    const seen = new Set<number>();
    fees.forEach((fee, index) => {
      if (seen.has(fee.deal_id)) {
        ctx.addIssue({ code: 'custom', message: entityMessages.feeDuplicate, path: [index, 'deal_id'] });
      }
      seen.add(fee.deal_id);
    });
  });

const associationUserId = z
  .union([
    z.literal('').transform(() => null),
    z.null(),
    z.coerce
      .number({ error: messages.field.invalidOption })
      .int()
      .positive()
      .max(MAX_ID, messages.field.invalidOption),
  ])
  .optional();

export const associationInputSchema = z.object({
  name: requiredText(255),
  abbreviation: optionalNullableText(30),
  ehid: ehidField,
  cnpj: optionalCnpj,
  email: optionalEmail,
  phone: optionalPhone,
  ...addressInput,
  federation_id: requiredId,
  notes: optionalNullableText(2000),
  /** SPEC §3 `user_id`: the association's user. Omitted keeps the current one; empty or null removes it. */
  user_id: associationUserId,
  /** Omitted: the fee table stays as it is. Present (even empty): it becomes exactly this set. */
  fees: feesField.optional(),
  remove_logo: flag,
});
export type AssociationInput = z.infer<typeof associationInputSchema>;

export const confederationInputSchema = z.object({
  confederation_code: optionalNullableText(20),
  name: requiredText(255),
  abbreviation: optionalNullableText(30),
  cnpj: optionalCnpj,
  email: optionalEmail,
  phone: optionalPhone,
  fax: optionalPhone,
  url: optionalUrl,
  ...addressInput,
  country_id: nullableId,
  /** The `file` answered by POST /v2/confederation/image/upload; omitted keeps the current image. */
  confederation_image: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
    z.string().max(80).optional(),
  ),
  remove_image: flag,
});
export type ConfederationInput = z.infer<typeof confederationInputSchema>;

/** ?page&name on the three lists. */
export const entityListQuery = pageQuery.extend({ name: optionalText });
export type EntityListQuery = z.infer<typeof entityListQuery>;

/** GET /v1/trade_association/by_user: the associations `user_id` (default: the caller) reaches. */
export const associationByUserQuery = z.object({
  name: optionalText,
  abbreviation: optionalText,
  user_id: optionalId,
});
export type AssociationByUserQuery = z.infer<typeof associationByUserQuery>;

const named = z.object({ id: z.number(), name: z.string() });

/** A stored logo: where to load it (an <img> src) and what it is. */
export const logoSchema = storedFileInfoSchema.extend({ url: z.string() });
export type Logo = z.infer<typeof logoSchema>;

export const addressOutput = {
  postcode: z.string().nullable(),
  address: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
};

export const federationSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressOutput,
  confederation_id: z.number().nullable(),
  confederation: named.nullable(),
  associations_count: z.number(),
  logo: logoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Federation = z.infer<typeof federationSchema>;
export const federationPageSchema = paginated(federationSchema);

export const associationFeeSchema = z.object({
  deal_id: z.number(),
  deal_abbreviation: z.string(),
  deal_name: z.string(),
  /** Reais with two decimals, as text ('45.00'), so no cent is lost on the way. */
  member_fee: z.string(),
  non_member_fee: z.string(),
});
export type AssociationFee = z.infer<typeof associationFeeSchema>;

export const associationSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  ehid: z.string().nullable(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressOutput,
  notes: z.string().nullable(),
  federation_id: z.number().nullable(),
  federation: named.nullable(),
  /** SPEC §3: the association's user, when one is named. */
  user_id: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  logo: logoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Association = z.infer<typeof associationSchema>;
export const associationPageSchema = paginated(associationSchema);
export const associationDetailSchema = associationSchema.extend({ fees: z.array(associationFeeSchema) });
export type AssociationDetail = z.infer<typeof associationDetailSchema>;

export const associationOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  ehid: z.string().nullable(),
  federation_id: z.number().nullable(),
});

export const confederationSchema = z.object({
  id: z.number(),
  confederation_code: z.string().nullable(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  url: z.string().nullable(),
  ...addressOutput,
  country_id: z.number().nullable(),
  country: named.nullable(),
  federations_count: z.number(),
  /** The logo, downloaded from GET /v2/confederation/{id}/image (signed in). */
  confederation_image: logoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Confederation = z.infer<typeof confederationSchema>;
export const confederationPageSchema = paginated(confederationSchema);

export const imageUploadSchema = z.object({
  /** Reference for `confederation_image` in the create or edit that follows. */
  file: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number(),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;
