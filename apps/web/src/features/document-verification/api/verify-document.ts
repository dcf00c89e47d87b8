import type { PublicLang } from '@origem/contract/public-i18n';
import {
  DOCUMENT_VERIFICATION_FIELD,
  type DocumentVerification,
  documentVerificationPaths,
} from '@origem/contract/schemas/document-verification';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../api/download';
import { http } from '../../../api/http';

const form = (file: File) => {
  const body = new FormData();
  body.append(DOCUMENT_VERIFICATION_FIELD, file);
  return body;
};

/**
 * POST the file to the public verification (anonymous, rate-limited, nothing stored). Reading only: no
 * idempotency key, and the page shows every failure itself.
 */
export function useDocumentVerification() {
  return useMutation({
    mutationFn: (file: File) =>
      http.post<DocumentVerification>(documentVerificationPaths.report, form(file), {
        anonymous: true,
        silent: true,
        idempotent: false,
      }),
  });
}

/** The same report as a PDF in the reader's language: the file is sent again (the server kept nothing). */
export async function downloadReportPdf(file: File, lang: PublicLang): Promise<boolean> {
  const response = await fetch(`${documentVerificationPaths.pdf}?lang=${lang}`, {
    method: 'POST',
    body: form(file),
    credentials: 'omit',
  });
  if (!response.ok) return false;
  saveBlob(await response.blob(), 'relatorio-verificacao.pdf');
  return true;
}
