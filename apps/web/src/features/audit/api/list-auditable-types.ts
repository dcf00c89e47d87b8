import type { SelectOption } from '../../../ui/remote-select';

/** An item of GET /v1/audit/auditable_type: the record type code and its Portuguese label. */
export type AuditableTypeOption = { id: string; name: string };

/** GET /v1/audit/auditable_type, for the 'Tipo de registro' filter (RemoteSelect caches it with TanStack Query). */
export const auditableTypesSource = {
  path: '/v1/audit/auditable_type',
  toOption: (type: AuditableTypeOption): SelectOption => ({ value: type.id, label: type.name }),
};
