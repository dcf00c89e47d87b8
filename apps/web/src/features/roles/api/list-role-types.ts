import type { SelectOption } from '../../../ui/remote-select';

/** GET /v1/role/type: `{ data: [{ id: 'exportador', name: 'Exportador' }, …] }`, read by a RemoteSelect. */
export const ROLE_TYPES_PATH = '/v1/role/type';

export type RoleTypeRow = { id: string; name: string };

export const roleTypeOption = (row: RoleTypeRow): SelectOption => ({ value: row.id, label: row.name });
