import {
  declarationMessages,
  declarationPdfName,
  declarationXmlName,
  MANUFACTURER_DECLARATION_FILE_NAME,
} from '@origem/contract/schemas/declarations';
import type { ApiError } from '../../../api/api-error';
import { downloadFile, openFileInNewWindow } from '../../../api/download';
import { showErrorDialog } from '../../../ui/feedback';
import { DECLARATION_PATH } from './keys';

const { printFailure } = declarationMessages;

/**
 * SPEC §8's print failures: the declaration was not found (404), the PDF could not be made (a server failure), or
 * printing failed otherwise (no answer, refused). The server's own reason, when it has one, goes under the title.
 */
export function printFailureText(error: Pick<ApiError, 'status'>): string {
  if (error.status === 404) return printFailure.notFound;
  if (error.status >= 500) return printFailure.generate;
  return printFailure.print;
}

function onPrintError(error: ApiError) {
  error.markHandled();
  const detail = error.status > 0 && error.status < 500 && error.message ? error.message : undefined;
  void showErrorDialog(printFailureText(error), detail);
}

/** The kinds of PDF of a declaration (SPEC §7): the document, its watermarked preview, the signed copy. */
export type DeclarationPdf = 'print' | 'print_preview' | 'print-signed';

/** Downloads `declaracao-{id}.pdf`. */
export function downloadDeclarationPdf(id: number, kind: DeclarationPdf = 'print'): Promise<boolean> {
  return downloadFile(`${DECLARATION_PATH}/${kind}/${id}`, {
    defaultName: declarationPdfName(id),
    onError: onPrintError,
  });
}

/** Opens the watermarked preview in a new window. */
export function previewDeclarationPdf(id: number): Promise<boolean> {
  return openFileInNewWindow(`${DECLARATION_PATH}/print_preview/${id}`, { onError: onPrintError });
}

/** The XML the legal representative signed (`declaracao-{id}.xml`). */
export function downloadSignedXml(id: number): Promise<boolean> {
  return downloadFile(`${DECLARATION_PATH}/xml/download/${id}`, { defaultName: declarationXmlName(id) });
}

/** The manufacturer's signed declaration (`declaracao_fabricante.pdf`). */
export function downloadManufacturerDeclaration(id: number): Promise<boolean> {
  return downloadFile(`${DECLARATION_PATH}/manufacturer_declaration/download/${id}`, {
    defaultName: MANUFACTURER_DECLARATION_FILE_NAME,
  });
}
