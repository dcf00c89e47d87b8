import { PROCURATION_FILE_NAME } from '@origem/contract/schemas/legal-representatives';
import { downloadFile } from '../../../api/download';
import { LEGAL_REPRESENTATIVES_PATH } from './keys';

/** GET /v1/legal_representative/procuration/{id}: saved as `procuracao.pdf` (SPEC §9). */
export function downloadProcuration(id: number): Promise<boolean> {
  return downloadFile(`${LEGAL_REPRESENTATIVES_PATH}/procuration/${id}`, {
    defaultName: `${PROCURATION_FILE_NAME}.pdf`,
  });
}
