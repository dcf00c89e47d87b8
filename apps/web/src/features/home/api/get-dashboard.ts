import type {
  DashboardActivity,
  DashboardCertificate,
  DashboardDeclaration,
  DashboardTotal,
} from '@origem/contract/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

const keys = {
  all: ['dashboard'] as const,
  part: (name: string) => ['dashboard', name] as const,
};

// Every call is silent: the panel shows its own error state instead of a dialog over the home page.

/** GET /v1/dashboard/total: status counts and the chart series, within the user's scope. */
export function useDashboardTotal() {
  return useQuery({
    queryKey: keys.part('total'),
    queryFn: ({ signal }) => http.get<DashboardTotal>('/v1/dashboard/total', { signal, silent: true }),
  });
}

/** GET /v1/dashboard/certificate/{analyse|update}. */
export function useDashboardCertificates(which: 'analyse' | 'update') {
  return useQuery({
    queryKey: keys.part(`certificate-${which}`),
    queryFn: ({ signal }) =>
      http.get<{ data: DashboardCertificate[] }>(`/v1/dashboard/certificate/${which}`, {
        signal,
        silent: true,
      }),
  });
}

/** GET /v1/dashboard/declaration/{analyse|update}. */
export function useDashboardDeclarations(which: 'analyse' | 'update') {
  return useQuery({
    queryKey: keys.part(`declaration-${which}`),
    queryFn: ({ signal }) =>
      http.get<{ data: DashboardDeclaration[] }>(`/v1/dashboard/declaration/${which}`, {
        signal,
        silent: true,
      }),
  });
}

/** GET /v1/dashboard/recent_activity. */
export function useRecentActivity() {
  return useQuery({
    queryKey: keys.part('recent-activity'),
    queryFn: ({ signal }) =>
      http.get<{ data: DashboardActivity[] }>('/v1/dashboard/recent_activity', { signal, silent: true }),
  });
}
