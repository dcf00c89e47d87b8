import { downloadFile } from '../../../api/download';

/**
 * GET /v1/audit/export_performance_csv?start_date&end_date&user_id: per analyst and month, what each decided and
 * the median time from sending to decision, saved as performance_audit.csv (SPEC §9).
 */
export function exportPerformanceCsv(filters: Partial<Record<string, unknown>>): Promise<boolean> {
  const query: Record<string, string> = {};
  for (const key of ['start_date', 'end_date', 'user_id']) {
    const value = filters[key];
    if (value !== undefined && value !== null && String(value).trim() !== '') query[key] = String(value);
  }
  return downloadFile('/v1/audit/export_performance_csv', { defaultName: 'performance_audit.csv', query });
}
