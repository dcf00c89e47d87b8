import type { SelectOption } from '../../../ui/remote-select';

/** An item of GET /v1/audit/auditable: a record of the chosen type, labelled '#12 — its last known name'. */
export type AuditableRecordOption = { id: number; name: string };

/**
 * GET /v1/audit/auditable?auditable_type=X, for the 'Registro' filter. Only called once a type is chosen
 * (SPEC §7): without one the server answers 422.
 */
export function auditableRecordsSource(auditableType: string) {
  return {
    path: `/v1/audit/auditable?${new URLSearchParams({ auditable_type: auditableType }).toString()}`,
    toOption: (record: AuditableRecordOption): SelectOption => ({ value: record.id, label: record.name }),
  };
}
