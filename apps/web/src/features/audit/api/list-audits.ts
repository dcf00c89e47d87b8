import type { AuditEntry } from '@origem/contract/schemas/audit';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

/** Cache key of the audit list (the filters and page are appended by useServerTable). */
export const AUDIT_LIST_KEY = ['audit', 'list'] as const;

/**
 * GET /v1/audit?page&<non-empty filters>: the audit trail in the user's scope, newest first, paged by the server.
 * Needs audit.view; a 403 leaves the list empty (SPEC §6).
 */
export function useAuditList(list: ListControls): ServerTable<AuditEntry> {
  return useServerTable<AuditEntry>({ queryKey: AUDIT_LIST_KEY, path: '/v1/audit', list });
}
