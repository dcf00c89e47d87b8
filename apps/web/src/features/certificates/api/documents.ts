import {
  CERTIFICATE_FILE_NAMES,
  certificatePdfName,
  NCM_DESCRIPTION_ERROR,
} from '@origem/contract/schemas/certificates';
import type { ApiError } from '../../../api/api-error';
import { downloadFile, openFileInNewWindow } from '../../../api/download';
import { navigateTo } from '../../../lib/navigation';
import { loadModal } from '../../../ui/feedback';
import { CERTIFICATE_PATH, CERTIFICATE_SCREENS, NCM_DESCRIPTION_FIELD } from './keys';

/** SPEC §8's button on the NcmDescriptionError warning. */
export const EDIT_CERTIFICATE_LABEL = 'Editar Certificado';

/** The certificate id of the current address (SPEC §8: "id taken from the current path"). */
export function idFromPath(pathname = window.location.pathname): number | null {
  const match = /\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * SPEC §8: a certificate download refused with code NcmDescriptionError shows a warning with the server's message and
 * an 'Editar Certificado' button opening /certificado/{id}?campo=descricao-ncm, on the items' NCM descriptions.
 */
export function handleCertificateDownloadError(error: ApiError, fallbackId: number): void {
  if (error.code !== NCM_DESCRIPTION_ERROR) return;
  error.markHandled();
  const id = idFromPath() ?? fallbackId;
  void loadModal().then((modal) => {
    const handle = modal.confirm({
      type: 'warning',
      title: error.message,
      centered: true,
      okText: EDIT_CERTIFICATE_LABEL,
      cancelText: 'Fechar',
      onOk: () => {
        handle.destroy();
        // Straight to the field: the form focuses the first item's NCM description (issue 22).
        navigateTo(CERTIFICATE_SCREENS.edit(id), { campo: NCM_DESCRIPTION_FIELD });
      },
    });
  });
}

/**
 * GET print?certificateId: the PDF in the deal's form ("SEM VALOR" before issue), saved under the name the server
 * gives (certificado-{number}.pdf, or certificado-pedido-{id}.pdf before numbering; the same name computed here
 * when the header is missing).
 */
export function printCertificate(certificate: {
  id: number;
  certificate_number: string | null;
}): Promise<boolean> {
  return downloadFile(`${CERTIFICATE_PATH}/print`, {
    defaultName: certificatePdfName(certificate),
    query: { certificateId: certificate.id },
    onError: (error) => handleCertificateDownloadError(error, certificate.id),
  });
}

/** GET prereceipt/{id}: the fee's pré-recibo, opened in a new window (object URL released after 5 minutes). */
export function openPrereceipt(id: number): Promise<boolean> {
  return openFileInNewWindow(`${CERTIFICATE_PATH}/prereceipt/${id}`, {
    onError: (error) => handleCertificateDownloadError(error, id),
  });
}

export type CertificateFileKind = keyof typeof CERTIFICATE_FILE_NAMES;

/** The stored attachments: fatura_comercial, fatura_comercial_interveniente, substituicao (SPEC §9 names). */
export function downloadCertificateFile(id: number, kind: CertificateFileKind): Promise<boolean> {
  return downloadFile(`${CERTIFICATE_PATH}/${kind}/download/${id}`, {
    defaultName: `${CERTIFICATE_FILE_NAMES[kind]}.pdf`,
  });
}
