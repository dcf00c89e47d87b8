import type { CustomReport, CustomReportInput } from '@origem/contract/schemas/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

const KEY = ['reports', 'custom'] as const;

/** GET /v2/custom_report: the saved layouts (only for users with report.custom). */
export function useCustomReports(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => http.get<{ data: CustomReport[] }>('/v2/custom_report', { signal }),
    enabled,
  });
}

/** POST /v2/custom_report: saves the chosen columns and grouping under a name. */
export function useSaveCustomReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CustomReportInput>) => http.post<CustomReport>('/v2/custom_report', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
