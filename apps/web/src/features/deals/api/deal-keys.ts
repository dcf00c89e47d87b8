import type { QueryClient } from '@tanstack/react-query';

/** GET /v1/deal/all: every deal, for selects (RemoteSelect caches it under ['options', path]). */
export const DEAL_OPTIONS_PATH = '/v1/deal/all';
/** GET /v1/country/all: the partner-country choices. */
export const COUNTRY_OPTIONS_PATH = '/v1/country/all';

/** Cache keys of the deals feature: deals, their origin norms and origin rules. */
export const dealKeys = {
  all: ['deals'] as const,
  list: ['deals', 'list'] as const,
  detail: (id: number) => ['deals', 'detail', id] as const,
  norms: ['origin-norms'] as const,
  normList: ['origin-norms', 'list'] as const,
  norm: (id: number) => ['origin-norms', 'detail', id] as const,
  rules: ['origin-rules'] as const,
  ruleList: ['origin-rules', 'list'] as const,
  rule: (id: number) => ['origin-rules', 'detail', id] as const,
};

/**
 * After any change to a deal, a norm or a rule: the three lists refetch (a deal shows its counts, norms and rules
 * show their deal), and so do the deal selects of other screens.
 */
export async function invalidateDealData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dealKeys.all }),
    queryClient.invalidateQueries({ queryKey: dealKeys.norms }),
    queryClient.invalidateQueries({ queryKey: dealKeys.rules }),
    queryClient.invalidateQueries({ queryKey: ['options', DEAL_OPTIONS_PATH] }),
  ]);
}
