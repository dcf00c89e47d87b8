import type { ActionOf, certificateFlow } from '@origem/contract/flows';
import type { BulkSendResult } from '@origem/contract/schemas/certificate-bulk';
import type { CertificateAction } from '@origem/contract/schemas/certificates';
import { http } from '../../../api/http';
import { CERTIFICATE_PATH } from './keys';

export type CertificateFlowAction = ActionOf<typeof certificateFlow>;
export type CertificateActionInput = { note?: string; file?: File };

const post = (path: string, id: number, body: unknown = {}) =>
  http.post<CertificateAction>(`${CERTIFICATE_PATH}/${path}/${id}`, body);

/** The reprove dialog's text, one reason per line (the API keeps them as a list). */
export const reasonsOf = (note: string | undefined) =>
  (note ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * One flow action on a certificate through the call SPEC §7 names for it. The paper and digital paths share
 * `send_analysis` and `approve`: the server keeps each certificate on its own path.
 */
export function actOnCertificate(
  id: number,
  action: CertificateFlowAction,
  input: CertificateActionInput = {},
): Promise<CertificateAction> {
  switch (action) {
    case 'send_analysis':
    case 'send_for_signature':
      return post('send_analysis', id);
    case 'take':
      return http.get<CertificateAction>(`${CERTIFICATE_PATH}/send_analyzing/${id}`, {
        query: { type_analysis: 'analise' },
      });
    case 'approve':
    case 'approve_digital':
      return post('approve', id);
    case 'reprove':
      return post('reprove', id, { reasons: reasonsOf(input.note) });
    case 'solicit_cancellation':
    case 'reprove_cancellation':
    case 'reprove_substitution':
      return post(action, id, { reason: input.note ?? '' });
    case 'send_signature':
    case 'send_cancellation':
    case 'send_substitution':
      return post(action, id);
    case 'solicit_substitution': {
      const body = new FormData();
      body.append('reason', input.note ?? '');
      if (input.file) body.append('file', input.file, input.file.name);
      return post(action, id, body);
    }
    case 'first_signature':
    case 'second_signature':
      // Signed through the A1/A3 signer screens (issue 14), never a plain button.
      throw new Error('as assinaturas são feitas pelas telas de assinatura digital');
    case 'timestamp_issue':
      // The server takes it when the time-stamping authority answers (issue 37), never a user.
      throw new Error('a emissão após o carimbo do tempo é feita pelo servidor');
  }
}

/** POST clone/{id}: a new draft with the header and items (the answer names the copy). */
export function cloneCertificate(id: number): Promise<CertificateAction> {
  return http.post<CertificateAction>(`${CERTIFICATE_PATH}/clone/${id}`, {});
}

/** DELETE /v1/certificate/{id} (Rascunho or Reprovado only). */
export function deleteCertificate(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`${CERTIFICATE_PATH}/${id}`);
}

/** PATCH select_ncm: per item, the NCM description that prints (blank: the NCM table's reference). */
export function selectNcm(
  certificateId: number,
  items: { id: number; ncm_description: string | null }[],
): Promise<CertificateAction> {
  return http.patch<CertificateAction>(`${CERTIFICATE_PATH}/select_ncm`, {
    certificate_id: certificateId,
    items,
  });
}

/**
 * POST send_analysis with `{ ids }` (issue 25): each certificate sent on its own, answered with its own outcome. The
 * client's Idempotency-Key makes a double click or a retry send nothing twice.
 */
export function sendManyForAnalysis(ids: number[]): Promise<BulkSendResult> {
  return http.post<BulkSendResult>(`${CERTIFICATE_PATH}/send_analysis`, { ids });
}
