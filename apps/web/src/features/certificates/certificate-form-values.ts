import {
  type Certificate,
  certificateInputSchema,
  certificateItemInputSchema,
  certificateMessages,
} from '@origem/contract/schemas/certificates';
import { requiredChoice } from '@origem/contract/schemas/fields';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { z } from 'zod';
import { decimalText, ptBrDecimal } from '../../ui/decimal-field';
import { pdfFileValue } from '../../ui/pdf-file-field';

const { quantity: QUANTITY, money: MONEY } = DECIMAL_PLACES;
const headerFields = certificateInputSchema.shape;
const itemFields = certificateItemInputSchema.shape;

/** An item as the form holds it: the numbers as pt-BR text ('1.234,56'), canonical once parsed. */
export const certificateItemFormSchema = certificateItemInputSchema.extend({
  quantity: ptBrDecimal(itemFields.quantity, QUANTITY),
  gross_weight: ptBrDecimal(itemFields.gross_weight, QUANTITY),
  net_weight: ptBrDecimal(itemFields.net_weight, QUANTITY),
  fob_value_usd: ptBrDecimal(itemFields.fob_value_usd, MONEY),
});

/**
 * The certificate form: the contract's input (the same checks the server makes, the numbers typed pt-BR) plus the
 * two invoice PDFs that go with the save, and the exporter required of whoever picks it (staff, dispatchers).
 */
export function certificateFormSchema(picksExporter: boolean) {
  return certificateInputSchema.extend({
    ...(picksExporter ? { exporter_id: requiredChoice(certificateMessages.exporterRequired) } : {}),
    gross_weight: ptBrDecimal(headerFields.gross_weight, QUANTITY),
    net_weight: ptBrDecimal(headerFields.net_weight, QUANTITY),
    volume: ptBrDecimal(headerFields.volume, QUANTITY),
    items: z.array(certificateItemFormSchema),
    commercial_invoice: pdfFileValue,
    intervenor_invoice: pdfFileValue,
  });
}
export type CertificateFormSchema = ReturnType<typeof certificateFormSchema>;
export type CertificateFormValues = z.input<CertificateFormSchema>;
export type CertificateFormOutput = z.output<CertificateFormSchema>;
export type CertificateItemValues = z.input<typeof certificateItemFormSchema>;

export const emptyItem = (): CertificateItemValues => ({
  declaration_id: undefined as unknown as number,
  description: '',
  quantity: '',
  measurement_unit_id: null,
  gross_weight: '',
  net_weight: '',
  fob_value_usd: '',
  ncm_description: '',
});

const text = (value: string | null | undefined) => value ?? '';

export function certificateDefaults(
  certificate: Certificate | undefined,
  exporterId: number | null,
): CertificateFormValues {
  return {
    exporter_id: certificate?.exporter_id ?? exporterId,
    legal_representative_id: certificate?.legal_representative_id,
    deal_id: certificate?.deal_id,
    language_id: certificate?.language_id ?? null,
    currency_id: certificate?.currency_id ?? null,
    sector_id: certificate?.sector_id ?? null,
    shipment_port_id: certificate?.shipment_port_id ?? null,
    transport_id: certificate?.transport_id ?? null,
    company_importer_id: certificate?.company_importer_id,
    company_manufacturer_id: certificate?.company_manufacturer_id ?? null,
    company_intervenor_id: certificate?.company_intervenor_id ?? null,
    measurement_unit_gross_weight_id: certificate?.measurement_unit_gross_weight_id ?? null,
    measurement_unit_net_weight_id: certificate?.measurement_unit_net_weight_id ?? null,
    measurement_unit_volume_id: certificate?.measurement_unit_volume_id ?? null,
    invoice_number: text(certificate?.invoice_number),
    invoice_date: certificate?.invoice_date,
    gross_weight: decimalText(certificate?.gross_weight, QUANTITY),
    net_weight: decimalText(certificate?.net_weight, QUANTITY),
    volume: decimalText(certificate?.volume, QUANTITY),
    observations: text(certificate?.observations),
    has_digital_signature: certificate?.has_digital_signature ?? false,
    items: (certificate?.items ?? []).map((item) => ({
      declaration_id: item.declaration_id,
      description: item.description,
      quantity: decimalText(item.quantity, QUANTITY),
      measurement_unit_id: item.measurement_unit_id,
      gross_weight: decimalText(item.gross_weight, QUANTITY),
      net_weight: decimalText(item.net_weight, QUANTITY),
      fob_value_usd: decimalText(item.fob_value_usd, MONEY),
      ncm_description: text(item.ncm_description),
    })),
    commercial_invoice: undefined,
    intervenor_invoice: undefined,
  } as CertificateFormValues;
}

/** The multipart body of a save: the fields as text ('' for none), the items as JSON text, the new PDFs if any. */
export function certificateBody({
  commercial_invoice,
  intervenor_invoice,
  items,
  ...values
}: CertificateFormOutput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    body.append(key, value === null ? '' : String(value));
  }
  body.append('items', JSON.stringify(items));
  if (commercial_invoice instanceof File)
    body.append('commercial_invoice', commercial_invoice, commercial_invoice.name);
  if (intervenor_invoice instanceof File)
    body.append('intervenor_invoice', intervenor_invoice, intervenor_invoice.name);
  return body;
}
