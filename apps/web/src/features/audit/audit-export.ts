import type { AuditFilter } from '@origem/contract/schemas/audit';

export const AUDIT_EXPORT_PATH = '/v1/audit/export_csv';

/** The filters the audit list and its export understand, in the order they are written to the query string. */
export const AUDIT_FILTER_KEYS = [
  'start_date',
  'end_date',
  'user_id',
  'ip_address',
  'event',
  'auditable_type',
  'auditable_id',
] as const satisfies readonly (keyof AuditFilter)[];

/**
 * The query string of the non-empty audit filters (SPEC §7), without page or order: 'event=created&user_id=3'.
 * Unknown keys and blank values are left out.
 */
export function auditFilterQueryString(filters: Partial<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key];
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') params.append(key, text);
  }
  return params.toString();
}

/** The export address for the filters on screen: '/v1/audit/export_csv?event=created', or bare without filters. */
export function auditExportPath(filters: Partial<Record<string, unknown>>): string {
  const query = auditFilterQueryString(filters);
  return query ? `${AUDIT_EXPORT_PATH}?${query}` : AUDIT_EXPORT_PATH;
}
