import type { UserDetail } from '@origem/contract/schemas/auth';

/**
 * Mirrors the server's rule (modules/entities/authority.ts): besides `entity.manage`, creating or deleting an
 * entity takes a role from the level above it. Editing only needs `entity.manage` (the server scopes the rows).
 */
const CREATORS: Record<'confederation' | 'federation' | 'association', readonly string[]> = {
  confederation: ['admin'],
  federation: ['admin', 'confederacao'],
  association: ['admin', 'confederacao', 'federacao'],
};

export function canManageEntities(user: UserDetail | null): boolean {
  return Boolean(user?.permissions.includes('entity.manage'));
}

export function canCreateOrDelete(user: UserDetail | null, kind: keyof typeof CREATORS): boolean {
  return canManageEntities(user) && CREATORS[kind].includes(user?.role.type ?? '');
}
