import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** An item of GET /v1/audit/ip_address: an address seen in the trail (id and name are the address). */
export type AuditIpOption = { id: string; name: string };

/**
 * GET /v1/audit/ip_address?search, for the 'Endereço IP' filter: the first 20 addresses of the trail that start
 * with what was typed (the trail grows without end: never the whole list). The chosen value is the address.
 */
export const auditIpAddressesSource: TypeAheadSource<AuditIpOption> = {
  path: '/v1/audit/ip_address',
  searchParam: 'search',
  toOption: (ip) => ({ value: ip.id, label: ip.name }),
};
