import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** An item of GET /v1/audit/user: a user of the session's scope. */
export type AuditUserOption = { id: number; name: string; email: string };

/**
 * GET /v1/audit/user?search, for the 'Usuário' filter: the first 20 users of the scope whose name or e-mail
 * contains what was typed; the one chosen (from a shared link) read back with ?id.
 */
export const auditUsersSource: TypeAheadSource<AuditUserOption> = {
  path: '/v1/audit/user',
  searchParam: 'search',
  toOption: (user) => ({ value: user.id, label: `${user.name} — ${user.email}` }),
  detailPath: (id) => `/v1/audit/user?id=${id}`,
};
