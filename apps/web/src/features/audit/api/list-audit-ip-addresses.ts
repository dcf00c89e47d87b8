import type { SelectOption } from '../../../ui/remote-select';

/** An item of GET /v1/audit/ip_address: an address seen in the trail (id and name are the address). */
export type AuditIpOption = { id: string; name: string };

/** GET /v1/audit/ip_address, for the 'Endereço IP' filter (RemoteSelect caches it with TanStack Query). */
export const auditIpAddressesSource = {
  path: '/v1/audit/ip_address',
  toOption: (ip: AuditIpOption): SelectOption => ({ value: ip.id, label: ip.name }),
};
