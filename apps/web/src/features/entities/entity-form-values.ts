import { messages } from '@origem/contract/messages.pt';
import {
  type AssociationDetail,
  type AssociationFee,
  associationInputSchema,
  type Confederation,
  confederationInputSchema,
  entityMessages,
  type Federation,
  federationInputSchema,
  feeAmount,
} from '@origem/contract/schemas/entities';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { decimalText, ptBrDecimal } from '../../ui/decimal-field';
import { showErrorDialog } from '../../ui/feedback';
import type { DealOption } from './api/list-deal-options';
import type { LogoValue } from './logo-field';
import { logoContentProblem, logoProblem } from './logo-upload';

/** The entity forms: the contract's input schemas plus what only the screen holds (the logo file, fee rows). */

export const logoFileField = z
  .custom<LogoValue>((v) => v === undefined || v === null || v instanceof File)
  .superRefine((file, ctx) => {
    if (!(file instanceof File)) return;
    const quick = logoProblem(file);
    if (quick) {
      ctx.addIssue({ code: 'custom', message: quick });
      return;
    }
    // Reading the bytes is asynchronous: only a picked file makes the check async (the form's required marks
    // parse the schema synchronously).
    return logoContentProblem(file).then((problem) => {
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  });

/** The text inputs' starting values: the record's, '' where it has none (or when creating). */
function textValues<K extends string>(entity: { [key in K]: string | null } | undefined, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, entity?.[key] ?? ''])) as Record<K, string>;
}

/** The text fields every entity has: its name, contact and address (the state is a select). */
const ENTITY_TEXTS = [
  'name',
  'abbreviation',
  'cnpj',
  'email',
  'phone',
  'postcode',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
] as const;

export const federationFormSchema = federationInputSchema.extend({ logo: logoFileField });
export type FederationFormValues = z.input<typeof federationFormSchema>;

export function federationDefaults(federation?: Federation): FederationFormValues {
  return {
    ...textValues(federation, ENTITY_TEXTS),
    state: federation?.state ?? undefined,
    confederation_id: federation?.confederation_id ?? undefined,
    logo: undefined,
  };
}

/** One row per deal in the fee table, the fees as typed (pt-BR, '1.234,50'); both blank = no fee for that deal. */
export type FeeRow = {
  deal_id: number;
  deal_abbreviation: string;
  deal_name: string;
  member_fee: string;
  non_member_fee: string;
};

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/**
 * Every active deal, and any deal that already has a fee (even if inactive or missing from the deal list), in
 * the deals' natural order (ACE-2 before ACE-14).
 */
export function feeRows(deals: readonly DealOption[], fees: readonly AssociationFee[]): FeeRow[] {
  const rows = new Map<number, FeeRow>();
  for (const deal of deals) {
    if (deal.active === false) continue;
    rows.set(deal.id, {
      deal_id: deal.id,
      deal_abbreviation: deal.abbreviation,
      deal_name: deal.name,
      member_fee: '',
      non_member_fee: '',
    });
  }
  for (const fee of fees) {
    rows.set(fee.deal_id, {
      deal_id: fee.deal_id,
      deal_abbreviation: fee.deal_abbreviation,
      deal_name: fee.deal_name,
      member_fee: decimalText(fee.member_fee, DECIMAL_PLACES.money),
      non_member_fee: decimalText(fee.non_member_fee, DECIMAL_PLACES.money),
    });
  }
  return [...rows.values()].sort((a, b) => collator.compare(a.deal_abbreviation, b.deal_abbreviation));
}

/** A typed fee: blank is none (null); otherwise pt-BR, then the contract's range (R$ 0,00 to R$ 999.999,99). */
const feeText = ptBrDecimal(
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : v), feeAmount.nullable()),
  DECIMAL_PLACES.money,
);

const feeRowsField = z
  .array(
    z.object({
      deal_id: z.number(),
      deal_abbreviation: z.string(),
      deal_name: z.string(),
      member_fee: feeText,
      non_member_fee: feeText,
    }),
  )
  .superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      const { member_fee: member, non_member_fee: nonMember } = row;
      if (member === null && nonMember === null) return;
      if (member === null)
        ctx.addIssue({ code: 'custom', message: messages.field.required, path: [index, 'member_fee'] });
      if (nonMember === null)
        ctx.addIssue({ code: 'custom', message: messages.field.required, path: [index, 'non_member_fee'] });
      if (member !== null && nonMember !== null && member > nonMember) {
        ctx.addIssue({ code: 'custom', message: entityMessages.feeOrder, path: [index, 'member_fee'] });
      }
    });
  })
  .transform((rows) =>
    rows.flatMap((row) =>
      row.member_fee !== null && row.non_member_fee !== null
        ? [{ deal_id: row.deal_id, member_fee: row.member_fee, non_member_fee: row.non_member_fee }]
        : [],
    ),
  );

export const associationFormSchema = associationInputSchema.extend({
  fees: feeRowsField,
  logo: logoFileField,
});
export type AssociationFormValues = z.input<typeof associationFormSchema>;

export function associationDefaults(
  association: AssociationDetail | undefined,
  fees: FeeRow[],
): AssociationFormValues {
  return {
    ...textValues(association, [...ENTITY_TEXTS, 'ehid', 'notes']),
    state: association?.state ?? undefined,
    federation_id: association?.federation_id ?? undefined,
    // A new association has no users to choose from: the field is sent only by the edit form.
    user_id: association ? association.user_id : undefined,
    fees,
    logo: undefined,
  } as AssociationFormValues;
}

export const confederationFormSchema = confederationInputSchema;
export type ConfederationFormValues = z.input<typeof confederationFormSchema>;

export function confederationDefaults(confederation?: Confederation): ConfederationFormValues {
  return {
    ...textValues(confederation, [...ENTITY_TEXTS, 'confederation_code', 'fax', 'url']),
    state: confederation?.state ?? undefined,
    country_id: confederation?.country_id ?? undefined,
    confederation_image: undefined,
    remove_image: false,
  };
}

/** SPEC §8 logo failure: the server's reason, else 'Não foi possível efetuar o UPLOAD da logo !!!'. */
export function logoFailureText(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return entityMessages.logoUploadFailed;
  return (
    error.errors.file?.[0] ?? error.errors.logo?.[0] ?? (error.message || entityMessages.logoUploadFailed)
  );
}

/**
 * Runs a save that carries a logo. A refusal of the fields (422) stays with the form; any other failure while a
 * logo was on its way (network, size, server error) is shown as the SPEC §8 logo failure.
 */
export async function savingLogo<T>(hasLogo: boolean, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (hasLogo && isApiError(error) && !error.isValidation && (error.status === 0 || error.status >= 413)) {
      error.markHandled();
      void showErrorDialog(logoFailureText(error));
    }
    throw error;
  }
}
