import type { Role } from '@origem/contract/schemas/roles';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { roleKeys } from './role-keys';

/** GET /v1/role/with_filter?page&role&status: the roles list, paged by the server. */
export function useRolesTable(list: ListControls): ServerTable<Role> {
  return useServerTable<Role>({ queryKey: roleKeys.list, path: '/v1/role/with_filter', list });
}
