import { z } from 'zod';
import { messages } from '../messages.pt';
import { listOf, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { isValidCnpj, unmaskTaxId } from '../validators/tax-id';
import { addressOutput, entityMessages, flag, optionalEmail, UF_CODES } from './entities';
import {
  isOptionalText,
  nullableId,
  optionalNullableText,
  requiredId,
  requiredText,
  whenFieldsParsed,
} from './fields';
import { storedFileInfoSchema } from './files';

/**
 * The exporters' address book (SPEC §3, §7 Company; DOMAIN.md §1): importers, manufacturers and intervenors. A
 * Brazilian company is identified by its CNPJ and has a CEP and a UF; a foreign one by its own country's tax id,
 * with free-form postcode and state.
 */

export const COMPANY_TYPE = { importer: 1, manufacturer: 2, intervenor: 3 } as const;
export type CompanyTypeId = (typeof COMPANY_TYPE)[keyof typeof COMPANY_TYPE];
export const COMPANY_TYPE_IDS = [1, 2, 3] as const satisfies readonly CompanyTypeId[];

/** Singular labels (the seeded `company_types` names are the same words in lower case). */
export const COMPANY_TYPE_LABEL: Record<CompanyTypeId, string> = {
  1: 'Importador',
  2: 'Fabricante',
  3: 'Interveniente',
};

/** ISO code of the country whose companies carry a CNPJ. */
export const BRAZIL_CODE = 'BR';

export const companyMessages = {
  created: 'Empresa cadastrada com sucesso!',
  updated: 'Empresa editada com sucesso!',
  deleted: 'Empresa excluída com sucesso!',
  type: 'Escolha o tipo da empresa: importador, fabricante ou interveniente.',
  cnpjRequired: 'Informe o CNPJ da empresa brasileira.',
  foreignTaxIdRequired: 'Informe o identificador fiscal da empresa no país dela.',
  foreignPhone: 'Informe o telefone só com dígitos, espaços e os sinais + ( ) - .',
  exporterRequired: 'Escolha o exportador em cujo cadastro a empresa ficará.',
  exporterInvalid: 'Exportador inexistente ou fora do seu alcance.',
  countryInvalid: 'País inexistente. Atualize a página e escolha de novo.',
  ownerMissing: 'Seu usuário não está vinculado a um exportador ou despachante: não pode cadastrar empresas.',
  inUse:
    'Esta empresa não pode ser excluída: ela é citada em certificados ou em outros documentos. Mantenha-a no cadastro.',
  socialContractRemoved: 'O contrato social será removido ao salvar.',
} as const;

const companyType = z.coerce
  .number({ error: companyMessages.type })
  .int(companyMessages.type)
  .refine(
    (v): v is CompanyTypeId => (COMPANY_TYPE_IDS as readonly number[]).includes(v),
    companyMessages.type,
  );

/**
 * Every field as typed; the country decides the rest (see `companyInputSchema`). `exporter_id` is read only from
 * staff (admin, association): an exporter's or a dispatcher's companies are always their own.
 */
export const companyFieldsSchema = z.object({
  company_type_id: companyType,
  exporter_id: nullableId,
  corporate_name: requiredText(255),
  trade_name: optionalNullableText(255),
  cnpj: optionalNullableText(18),
  foreign_tax_id: optionalNullableText(40),
  country_id: requiredId,
  email: optionalEmail,
  phone: optionalNullableText(30),
  postcode: optionalNullableText(20),
  address: optionalNullableText(255),
  number: optionalNullableText(20),
  complement: optionalNullableText(120),
  neighborhood: optionalNullableText(120),
  city: optionalNullableText(120),
  state: optionalNullableText(60),
  /** Drops the current social contract (ignored when a new `social_contract` file comes with the form). */
  remove_social_contract: flag,
});
export type CompanyFields = z.input<typeof companyFieldsSchema>;

type Fields = z.output<typeof companyFieldsSchema>;

/** What a Brazilian company must satisfy beyond the fields themselves; issues go next to their fields. */
function brazilianIssues(v: Fields, add: (path: string, message: string) => void) {
  if (!v.cnpj) add('cnpj', companyMessages.cnpjRequired);
  else if (!isValidCnpj(v.cnpj)) add('cnpj', messages.field.cnpj);
  if (v.postcode && !/^\d{5}[-.\s]?\d{3}$/.test(v.postcode)) add('postcode', entityMessages.cep);
  if (v.state && !(UF_CODES as readonly string[]).includes(v.state.toUpperCase()))
    add('state', entityMessages.uf);
  if (v.phone && !/^\d{10,11}$/.test(v.phone.replace(/[\s()+.-]/g, ''))) add('phone', entityMessages.phone);
}

function foreignIssues(v: Fields, add: (path: string, message: string) => void) {
  if (!v.foreign_tax_id) add('foreign_tax_id', companyMessages.foreignTaxIdRequired);
  if (v.phone && !/^[\d\s()+.-]+$/.test(v.phone)) add('phone', companyMessages.foreignPhone);
}

const countryRulesInput = whenFieldsParsed({
  country_id: Number.isInteger,
  cnpj: isOptionalText,
  foreign_tax_id: isOptionalText,
  phone: isOptionalText,
  postcode: isOptionalText,
  state: isOptionalText,
});

/**
 * The company form, given the id of Brazil in the countries table: a Brazilian company needs a valid CNPJ
 * (alphanumeric accepted) and may have a CEP and a UF; a foreign one needs its own tax id. Only the identifier
 * that applies is kept, and Brazilian CNPJ, CEP and phone are stored unmasked. `schema` is `companyFieldsSchema`
 * or an extension of it (the web form adds the file).
 */
export function refineCompany<T extends z.ZodType<Fields>>(
  schema: T,
  brazilCountryId: number | null | undefined,
) {
  return schema
    .superRefine((v, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.country_id === brazilCountryId) brazilianIssues(v, add);
      else foreignIssues(v, add);
    }, countryRulesInput)
    .transform((v) => {
      if (v.country_id !== brazilCountryId) return { ...v, cnpj: null };
      return {
        ...v,
        cnpj: v.cnpj ? unmaskTaxId(v.cnpj) : null,
        foreign_tax_id: null,
        postcode: v.postcode ? v.postcode.replace(/\D/g, '') : null,
        state: v.state ? v.state.toUpperCase() : null,
        phone: v.phone ? v.phone.replace(/\D/g, '') : null,
      };
    });
}

export const companyInputSchema = (brazilCountryId: number | null | undefined) =>
  refineCompany(companyFieldsSchema, brazilCountryId);
export type CompanyInput = z.output<ReturnType<typeof companyInputSchema>>;

/** Column keys the list may be ordered by ('-key' descending). */
export const COMPANY_ORDER_KEYS = ['corporate_name', 'company_type_id', 'cnpj', 'city', 'country'] as const;
export type CompanyOrderKey = (typeof COMPANY_ORDER_KEYS)[number];
const ORDER_VALUES = COMPANY_ORDER_KEYS.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** GET /v2/company: the filters of /empresas (and of the per-type lists, which fix `company_type_id`). */
export const companySearchQuery = pageQuery.extend({
  corporate_name: optionalText,
  company_type_id: optionalId,
  /** The companies a certificate of this exporter may name (its book; a dispatcher's own book too). */
  exporter_id: optionalId,
  cnpj: optionalText,
  city: optionalText,
  order: z.enum(ORDER_VALUES).optional().catch(undefined),
});
export type CompanySearchQuery = z.infer<typeof companySearchQuery>;

/** /v2/company/type/{type}: 1 importer, 2 manufacturer, 3 intervenor. */
export const companyTypeParam = z.object({ type: z.coerce.number().int().min(1).max(3) });

const named = z.object({ id: z.number(), name: z.string() });

export const companySchema = z.object({
  id: z.number(),
  company_type_id: z.number(),
  company_type: named,
  exporter_id: z.number().nullable(),
  exporter: named.nullable(),
  dispatcher_id: z.number().nullable(),
  dispatcher: named.nullable(),
  trade_association_id: z.number().nullable(),
  corporate_name: z.string(),
  trade_name: z.string().nullable(),
  cnpj: z.string().nullable(),
  foreign_tax_id: z.string().nullable(),
  country_id: z.number(),
  country: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressOutput,
  /** Downloaded from GET /v1/company/social_contract/{id}. */
  social_contract: storedFileInfoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyPageSchema = paginated(companySchema);

/** The rows of the selects (certificate importer, manufacturer, intervenor). */
export const companyOptionSchema = z.object({
  id: z.number(),
  company_type_id: z.number(),
  corporate_name: z.string(),
  cnpj: z.string().nullable(),
  foreign_tax_id: z.string().nullable(),
  city: z.string().nullable(),
  country: z.object({ id: z.number(), code: z.string(), name: z.string() }),
});
export type CompanyOption = z.infer<typeof companyOptionSchema>;
export const companyOptionListSchema = listOf(companyOptionSchema);
