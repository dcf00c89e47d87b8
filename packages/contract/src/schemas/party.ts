import { z } from 'zod';
import { messages } from '../messages.pt';
import { isValidCnpj, isValidCpf, unmaskTaxId } from '../validators/tax-id';
import { addressInput, addressOutput, optionalEmail, optionalPhone } from './entities';
import { isOptionalText, optionalNullableText, requiredId, requiredText, whenFieldsParsed } from './fields';

/**
 * What exporters, dispatchers and pre-registrations share (DOMAIN.md §1, §7): a person (CPF) or a company (CNPJ)
 * with a name, contacts and an address, registered at one association. The person type decides which tax id is
 * required; the other one is dropped.
 */
export const PERSON_TYPES = { 1: 'Pessoa física', 2: 'Pessoa jurídica' } as const;
export const PERSON_TYPE_FISICA = 1;
export const PERSON_TYPE_JURIDICA = 2;

export const partyMessages = {
  personType: 'Informe se é pessoa física ou jurídica.',
  cpfRequired: 'Informe o CPF.',
  cnpjRequired: 'Informe o CNPJ.',
} as const;

const taxIdText = z
  .string()
  .max(20, messages.field.tooLong(20))
  .nullish()
  .transform((v) => (v ? unmaskTaxId(v) : null));

/** The input fields of a party; combine with `refinePartyTaxId` after any `.extend`. */
export const partyInputFields = {
  person_type_id: z.coerce
    .number({ error: partyMessages.personType })
    .int(partyMessages.personType)
    .refine((v) => v === PERSON_TYPE_FISICA || v === PERSON_TYPE_JURIDICA, partyMessages.personType),
  cpf: taxIdText,
  cnpj: taxIdText,
  name: requiredText(255),
  trade_name: optionalNullableText(255),
  state_registration: optionalNullableText(30),
  email: optionalEmail,
  phone: optionalPhone,
  ...addressInput,
  trade_association_id: requiredId,
};

type TaxIdInput = { person_type_id: number; cpf: string | null; cnpj: string | null };

/**
 * Requires the CPF of a person or the CNPJ (alphanumeric accepted) of a company, with valid check digits, next to
 * the field; keeps only the one that applies.
 */
export function refinePartyTaxId<T extends z.ZodType<TaxIdInput>>(schema: T) {
  return schema
    .superRefine(
      (value, ctx) => {
        if (value.person_type_id === PERSON_TYPE_FISICA) {
          if (!value.cpf) ctx.addIssue({ code: 'custom', path: ['cpf'], message: partyMessages.cpfRequired });
          else if (!isValidCpf(value.cpf))
            ctx.addIssue({ code: 'custom', path: ['cpf'], message: messages.field.cpf });
        } else if (value.person_type_id === PERSON_TYPE_JURIDICA) {
          if (!value.cnpj)
            ctx.addIssue({ code: 'custom', path: ['cnpj'], message: partyMessages.cnpjRequired });
          else if (!isValidCnpj(value.cnpj))
            ctx.addIssue({ code: 'custom', path: ['cnpj'], message: messages.field.cnpj });
        }
      },
      whenFieldsParsed({
        person_type_id: (v) => v === PERSON_TYPE_FISICA || v === PERSON_TYPE_JURIDICA,
        cpf: isOptionalText,
        cnpj: isOptionalText,
      }),
    )
    .transform((value) => ({
      ...value,
      cpf: value.person_type_id === PERSON_TYPE_FISICA ? value.cpf : null,
      cnpj: value.person_type_id === PERSON_TYPE_JURIDICA ? value.cnpj : null,
    }));
}

/** The output fields of a party record. */
export const partyOutputFields = {
  id: z.number(),
  person_type_id: z.number(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  name: z.string(),
  trade_name: z.string().nullable(),
  state_registration: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressOutput,
  trade_association_id: z.number(),
};

/** The columns a party record, a pre-registration and their forms have in common. */
export const PARTY_FIELD_NAMES = [
  'person_type_id',
  'cpf',
  'cnpj',
  'name',
  'trade_name',
  'state_registration',
  'email',
  'phone',
  'postcode',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'trade_association_id',
] as const;
export type PartyFieldName = (typeof PARTY_FIELD_NAMES)[number];

/** Copies the party fields of `source` (a parsed form, a pre-registration row…) and nothing else. */
export function pickPartyFields<T extends Record<PartyFieldName, unknown>>(
  source: T,
): Pick<T, PartyFieldName> {
  return Object.fromEntries(PARTY_FIELD_NAMES.map((field) => [field, source[field]])) as Pick<
    T,
    PartyFieldName
  >;
}
