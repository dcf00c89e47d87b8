import type { InvoiceInUse } from '@origem/contract/schemas/certificates';
import { http } from '../../../api/http';
import { CERTIFICATE_PATH } from './keys';

/**
 * GET invoice_in_use: the exporter's other certificates with this invoice number (the certificate being edited left
 * out), asked before a save so a repeated invoice is confirmed, not saved by accident.
 */
export async function certificatesWithInvoice(query: {
  invoice_number: string;
  exporter_id: number | null;
  except_id?: number;
}): Promise<InvoiceInUse['data']> {
  const answer = await http.get<InvoiceInUse>(`${CERTIFICATE_PATH}/invoice_in_use`, {
    query: {
      invoice_number: query.invoice_number,
      ...(query.exporter_id ? { exporter_id: query.exporter_id } : {}),
      ...(query.except_id ? { except_id: query.except_id } : {}),
    },
  });
  return answer.data;
}
