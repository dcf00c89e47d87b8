import type { QueryClient } from '@tanstack/react-query';

/** SPEC §7 "Certificate": the API's base path. */
export const CERTIFICATE_PATH = '/v1/certificate';

/** The certificate screens (SPEC §2). */
export const CERTIFICATE_SCREENS = {
  list: '/certificado',
  edit: (id: number | 'novo') => `/certificado/${id}`,
  analysis: (id: number) => `/certificado-analise/${id}`,
  view: (id: number) => `/certificado-consulta/${id}`,
} as const;

/** The `campo` search value that takes the form to the items' NCM descriptions (the print error's button). */
export const NCM_DESCRIPTION_FIELD = 'descricao-ncm';

/** TanStack Query keys of the certificate screens. */
export const certificateKeys = {
  all: ['certificates'] as const,
  list: ['certificates', 'list'] as const,
  detail: (id: number) => ['certificates', 'detail', id] as const,
};

/** After any change: the list and every open certificate refetch. */
export function invalidateCertificates(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: certificateKeys.all });
}
