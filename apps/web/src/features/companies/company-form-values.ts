import {
  type Company,
  type CompanyTypeId,
  companyFieldsSchema,
  companyMessages,
  refineCompany,
} from '@origem/contract/schemas/companies';
import { whenFieldsParsed } from '@origem/contract/schemas/fields';
import { type AddressFieldValues, addressFieldDefaults } from '../../ui/address-fields';
import { type PdfValue, pdfFileValue } from '../../ui/pdf-file-field';

/**
 * The form's schema: the contract's rules (Brazil decides CNPJ vs foreign tax id) plus the file; staff must also
 * choose the exporter whose book the company goes into (the server refuses it otherwise).
 */
export function companyFormSchema(brazilCountryId: number | null, staff: boolean) {
  const fields = companyFieldsSchema.extend({ social_contract: pdfFileValue }).superRefine((v, ctx) => {
    if (staff && !v.exporter_id) {
      ctx.addIssue({ code: 'custom', path: ['exporter_id'], message: companyMessages.exporterRequired });
    }
  }, whenFieldsParsed({}));
  return refineCompany(fields, brazilCountryId);
}

export type CompanyFormValues = {
  company_type_id: number | undefined;
  exporter_id: number | undefined;
  corporate_name: string;
  trade_name: string;
  cnpj: string;
  foreign_tax_id: string;
  country_id: number | undefined;
  email: string;
  phone: string;
  social_contract: PdfValue;
} & AddressFieldValues;

/** A stored company (or a blank one of `type`) as the form's starting values. */
export function companyDefaults(
  company: Company | undefined,
  type: CompanyTypeId | undefined,
): CompanyFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    company_type_id: company?.company_type_id ?? type,
    exporter_id: company?.exporter_id ?? undefined,
    corporate_name: text(company?.corporate_name),
    trade_name: text(company?.trade_name),
    cnpj: text(company?.cnpj),
    foreign_tax_id: text(company?.foreign_tax_id),
    country_id: company?.country_id,
    email: text(company?.email),
    phone: text(company?.phone),
    ...addressFieldDefaults(company),
    social_contract: undefined,
  };
}

/**
 * The multipart body of a save: text values as they are (null as '', read as "no value"), the new file under
 * `social_contract`, and `remove_social_contract` when the saved one was removed.
 */
export function companyFormData(values: Record<string, unknown>, file: PdfValue): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || key === 'social_contract' || key === 'remove_social_contract') continue;
    body.append(key, value === null ? '' : String(value));
  }
  if (file instanceof File) body.append('social_contract', file, file.name);
  else if (file === null) body.append('remove_social_contract', 'true');
  return body;
}
