import type { SelectOption } from '../../../ui/remote-select';

/** An item of GET /v1/audit/user: the users who appear in the trail (in the user's scope). */
export type AuditUserOption = { id: number; name: string; email: string };

/** GET /v1/audit/user, for the 'Usuário' filter (RemoteSelect caches it with TanStack Query). */
export const auditUsersSource = {
  path: '/v1/audit/user',
  toOption: (user: AuditUserOption): SelectOption => ({
    value: user.id,
    label: `${user.name} — ${user.email}`,
  }),
};
