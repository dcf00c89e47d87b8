import { messages } from '@origem/contract/messages.pt';
import { downloadActivity } from '../ui/download-overlay';
import { toast } from '../ui/feedback';
import { type ApiError, isApiError } from './api-error';
import { http } from './http';
import type { HttpMethod, QueryParams } from './http-client';

/** Generated PDFs opened in a new window are released after 5 minutes (SPEC §9). */
export const OBJECT_URL_TTL_MS = 300_000;

/** Reads the file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type DownloadOptions = {
  /** Name used when the response has no Content-Disposition file name (SPEC §9 defaults, e.g. 'audit.csv'). */
  defaultName: string;
  query?: QueryParams;
  method?: HttpMethod;
  body?: unknown;
  /**
   * Called with the failure before the default error dialog; call `error.markHandled()` to show your own
   * (e.g. NcmDescriptionError with its 'Editar Certificado' button).
   */
  onError?: (error: ApiError) => void;
};

type RequestOptions = Omit<DownloadOptions, 'defaultName'>;

function requestBlob(path: string, options: RequestOptions) {
  return http.request<Blob>(path, {
    method: options.method ?? 'GET',
    query: options.query,
    body: options.body,
    responseType: 'blob',
  });
}

/** An API failure goes to `onError` (before the default error dialog); anything else is a bug: logged. */
function reportFailure(error: unknown, options: RequestOptions): void {
  if (isApiError(error)) options.onError?.(error);
  else console.error(error);
}

/**
 * Downloads a binary answer: toast 'Baixando o Arquivo...', the 'Download em andamento...' overlay while it
 * runs, then saves it. Resolves true when the file was saved; failures follow the error catalogue.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<boolean> {
  toast.info(messages.downloading);
  const end = downloadActivity.begin();
  try {
    const response = await requestBlob(path, options);
    const name = filenameFromDisposition(response.headers.get('content-disposition')) ?? options.defaultName;
    saveBlob(response.data, name);
    return true;
  } catch (error) {
    reportFailure(error, options);
    return false;
  } finally {
    end();
  }
}

/**
 * Fetches a binary answer (e.g. a PDF) and opens it in a new window; the object address is released
 * after 5 minutes. The window is opened before the request so popup blockers allow it.
 */
export async function openFileInNewWindow(path: string, options: RequestOptions = {}): Promise<boolean> {
  const target = window.open('', '_blank');
  const end = downloadActivity.begin();
  try {
    const response = await requestBlob(path, options);
    const url = URL.createObjectURL(response.data);
    if (target) target.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_TTL_MS);
    return true;
  } catch (error) {
    target?.close();
    reportFailure(error, options);
    return false;
  } finally {
    end();
  }
}
