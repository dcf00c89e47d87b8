import type { SelectOption } from '../../../ui/remote-select';

/** An item of GET /v1/audit/event: the event code and its Portuguese label. */
export type AuditEventOption = { id: string; name: string };

/** GET /v1/audit/event, for the 'Evento' filter (RemoteSelect caches it with TanStack Query). */
export const auditEventsSource = {
  path: '/v1/audit/event',
  toOption: (event: AuditEventOption): SelectOption => ({ value: event.id, label: event.name }),
};
