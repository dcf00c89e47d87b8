import type { TypeAheadSource } from '../../../ui/type-ahead-select';

export type AssociationUserOption = { id: number; name: string; email: string };

export const associationUserLabel = (user: AssociationUserOption) => `${user.name} — ${user.email}`;

/**
 * The users an association's user (SPEC §3 `user_id`) is chosen among: its own, searched by name on GET
 * /v1/user/search (the server refuses any other).
 */
export function associationUserSource(associationId: number): TypeAheadSource<AssociationUserOption> {
  return {
    path: '/v1/user/search',
    searchParam: 'name',
    query: { trade_association_id: associationId },
    toOption: (user) => ({ value: user.id, label: associationUserLabel(user) }),
  };
}
