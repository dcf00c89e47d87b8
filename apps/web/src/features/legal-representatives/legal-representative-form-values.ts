import { requiredChoice } from '@origem/contract/schemas/fields';
import {
  type LegalRepresentative,
  legalRepresentativeInputSchema,
  legalRepresentativeMessages,
} from '@origem/contract/schemas/legal-representatives';
import { z } from 'zod';
import { pdfFileValue } from '../../ui/pdf-file-field';

/** The screen's form: the contract's input plus the procuration file, and the exporter required for staff. */

const procurationField = pdfFileValue;

const requiredExporter = requiredChoice(legalRepresentativeMessages.exporterRequired);

/** `staff`: the user chooses the exporter (an exporter's user always writes into its own). */
export function legalRepresentativeFormSchema(staff: boolean) {
  return legalRepresentativeInputSchema
    .extend({
      ...(staff ? { exporter_id: requiredExporter } : {}),
      procuration: procurationField,
    })
    .superRefine((values, ctx) => {
      if (values.procuration instanceof File && !values.procuration_valid_until) {
        ctx.addIssue({
          code: 'custom',
          path: ['procuration_valid_until'],
          message: legalRepresentativeMessages.validUntilRequired,
        });
      }
    });
}
export type LegalRepresentativeFormSchema = ReturnType<typeof legalRepresentativeFormSchema>;
export type LegalRepresentativeFormValues = z.input<LegalRepresentativeFormSchema>;
export type LegalRepresentativeFormOutput = z.output<LegalRepresentativeFormSchema>;

export function legalRepresentativeDefaults(
  representative: LegalRepresentative | undefined,
): LegalRepresentativeFormValues {
  return {
    exporter_id: representative?.exporter_id ?? undefined,
    name: representative?.name ?? '',
    cpf: representative?.cpf ?? '',
    email: representative?.email ?? '',
    phone: representative?.phone ?? '',
    job_position_id: representative?.job_position_id ?? undefined,
    procuration_valid_until: representative?.procuration_valid_until ?? undefined,
    procuration: undefined,
  } as LegalRepresentativeFormValues;
}

/** The multipart body of a save: the fields as text ('' for none), `remove_procuration`, the new PDF if any. */
export function legalRepresentativeBody({ procuration, ...values }: LegalRepresentativeFormOutput): FormData {
  const body = new FormData();
  const fields: Record<string, unknown> = { ...values, remove_procuration: procuration === null };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(key, value === null ? '' : String(value));
  }
  if (procuration instanceof File) body.append('procuration', procuration, procuration.name);
  return body;
}
