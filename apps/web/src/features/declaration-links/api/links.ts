import type {
  DeclarationLink,
  declarationLinkActionSchema,
  declarationLinkApprovalSchema,
  LinkExporter,
} from '@origem/contract/schemas/declaration-links';
import { declarationLinkMessages } from '@origem/contract/schemas/declaration-links';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../../../api/api-error';
import { http } from '../../../api/http';
import { showErrorDialog } from '../../../ui/feedback';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

/** SPEC §7 "Declaration links". */
export const DECLARATION_LINK_PATH = '/v2/declaration_link';
export const declarationLinkKeys = {
  all: ['declaration-links'] as const,
  list: () => ['declaration-links', 'list'] as const,
};

type LinkAnswer = z.infer<typeof declarationLinkActionSchema>;
type ApprovalAnswer = z.infer<typeof declarationLinkApprovalSchema>;
export type LinkFallback = keyof typeof declarationLinkMessages.fallback;

/**
 * Runs a call; a failure with nothing to say (no answer, a server error) shows SPEC §8's fallback message for that
 * call, a refusal the server explained shows the server's words. Field errors go back to the caller's form.
 */
export async function withFallback<T>(fallback: LinkFallback, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && !error.isValidation && !error.handled) {
      error.markHandled();
      void showErrorDialog(fallbackText(error, fallback));
    }
    throw error;
  }
}

export function fallbackText(error: Pick<ApiError, 'status' | 'message'>, fallback: LinkFallback): string {
  const silent = error.status === 0 || error.status >= 500 || !error.message;
  return silent ? declarationLinkMessages.fallback[fallback] : error.message;
}

/** GET /v2/declaration_link: 10 per page, the reproved first. */
export function useDeclarationLinksTable(list: ListControls): ServerTable<DeclarationLink> {
  return useServerTable<DeclarationLink>({
    queryKey: declarationLinkKeys.list(),
    path: DECLARATION_LINK_PATH,
    list,
  });
}

export function useRefreshLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: declarationLinkKeys.all });
}

/** POST /v2/declaration_link/approve/{id}: the answer's `id` is the declaration's. */
export const approveLink = (id: number) =>
  withFallback('approve', () => http.post<ApprovalAnswer>(`${DECLARATION_LINK_PATH}/approve/${id}`, {}));

/** DELETE /v2/declaration_link/{id}: marks it REPROVADO. */
export const reproveLink = (id: number) =>
  withFallback('delete', () => http.delete<LinkAnswer>(`${DECLARATION_LINK_PATH}/${id}`));

/** POST /v2/declaration_link/exporter. */
export const requestLink = (body: { declaration_id: number; exporter_id: number }) =>
  withFallback('link', () => http.post<LinkAnswer>(`${DECLARATION_LINK_PATH}/exporter`, body));

/** GET /v2/declaration_link/exporter?cnpj|cpf: the exporter a declaration is offered to. */
export const findExporter = (taxId: { cnpj?: string; cpf?: string }) =>
  withFallback('exporterNotFound', () =>
    http.get<LinkExporter>(`${DECLARATION_LINK_PATH}/exporter`, { query: taxId, silent: true }),
  );
