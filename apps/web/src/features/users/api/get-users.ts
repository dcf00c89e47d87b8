import type { User } from '@origem/contract/schemas/users';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { userKeys } from './query-keys';

/** GET /v1/user/search?page&role_id&trade_association_id&email&name&cpf&cnpj — ordered by name by the server. */
export const USERS_SEARCH_PATH = '/v1/user/search';

/** The users table: page and filters from the list state (the URL on /usuarios). */
export function useUsersTable(list: ListControls): ServerTable<User> {
  return useServerTable<User>({ queryKey: userKeys.search, path: USERS_SEARCH_PATH, list });
}
