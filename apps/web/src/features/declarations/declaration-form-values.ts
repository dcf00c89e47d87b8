import {
  type Declaration,
  declarationInputSchema,
  declarationMaterialInputSchema,
  declarationMessages,
  materialsListOf,
} from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import type { z } from 'zod';
import { decimalText, ptBrDecimal } from '../../ui/decimal-field';
import { pdfFileValue } from '../../ui/pdf-file-field';

const { money: MONEY, percent: PERCENT } = DECIMAL_PLACES;
const headerFields = declarationInputSchema.shape;
const materialFields = declarationMaterialInputSchema.shape;

/** A material as the form holds it: the CIF value and the share as pt-BR text, canonical once parsed. */
const materialFormSchema = declarationMaterialInputSchema.extend({
  cif_value_usd: ptBrDecimal(materialFields.cif_value_usd, MONEY),
  fob_share_percent: ptBrDecimal(materialFields.fob_share_percent, PERCENT),
});

/**
 * The declaration form: the contract's input (the numbers typed pt-BR) plus the manufacturer's signed declaration
 * file; the exporter is required when the user names it (staff), an exporter's or manufacturer's user always
 * declares for its own party.
 */
export function declarationFormSchema(picksExporter: boolean) {
  return declarationInputSchema
    .safeExtend({
      fob_unit_value_min: ptBrDecimal(headerFields.fob_unit_value_min, MONEY),
      fob_unit_value_max: ptBrDecimal(headerFields.fob_unit_value_max, MONEY),
      materials: materialsListOf(materialFormSchema),
      manufacturer_declaration: pdfFileValue,
    })
    .refine((values) => !picksExporter || Boolean(values.exporter_id), {
      message: declarationMessages.exporterRequired,
      path: ['exporter_id'],
      // Shown with the other fields' errors, not only once they all pass.
      when: () => true,
    });
}
export type DeclarationFormSchema = ReturnType<typeof declarationFormSchema>;
export type DeclarationFormValues = z.input<DeclarationFormSchema>;
export type DeclarationFormOutput = z.output<DeclarationFormSchema>;

/** A material row as typed: text fields (numbers pt-BR, '1.234,56') and the country's id. */
export type MaterialFormRow = {
  ncm: string;
  description: string;
  origin_country_id: number | undefined;
  cif_value_usd: string;
  fob_share_percent: string;
};

export const emptyMaterial = (): MaterialFormRow => ({
  ncm: '',
  description: '',
  origin_country_id: undefined,
  cif_value_usd: '',
  fob_share_percent: '',
});

export function declarationDefaults(declaration?: Declaration): DeclarationFormValues {
  return {
    exporter_id: declaration?.exporter_id ?? null,
    company_manufacturer_id: declaration?.company_manufacturer_id,
    legal_representative_id: declaration?.legal_representative_id,
    deal_id: declaration?.deal_id,
    product_name: declaration?.product_name ?? '',
    internal_product_code: declaration?.internal_product_code ?? '',
    ncm: declaration?.ncm ?? '',
    nomenclature_code: declaration?.nomenclature_code ?? '',
    production_process: declaration?.production_process ?? '',
    fob_unit_value_min: decimalText(declaration?.fob_unit_value_min, MONEY),
    fob_unit_value_max: decimalText(declaration?.fob_unit_value_max, MONEY),
    origin_rule_id: declaration?.origin_rule_id,
    origin_norm_id: declaration?.origin_norm_id,
    materials: (declaration?.materials ?? []).map((m) => ({
      ncm: m.ncm,
      description: m.description,
      origin_country_id: m.origin_country_id,
      cif_value_usd: decimalText(m.cif_value_usd, MONEY),
      fob_share_percent: decimalText(m.fob_share_percent, PERCENT),
    })),
    remove_manufacturer_declaration: false,
    manufacturer_declaration: undefined,
  } as DeclarationFormValues;
}

/**
 * The multipart body of a save: the fields as text ('' for none), the materials as JSON text,
 * `remove_manufacturer_declaration` when the stored file is dropped, and the new PDF if any.
 */
export function declarationBody({
  manufacturer_declaration: file,
  materials,
  remove_manufacturer_declaration: _remove,
  ...values
}: DeclarationFormOutput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    body.append(key, value === null ? '' : String(value));
  }
  body.append('materials', JSON.stringify(materials));
  body.append('remove_manufacturer_declaration', String(file === null));
  if (file instanceof File) body.append('manufacturer_declaration', file, file.name);
  return body;
}
