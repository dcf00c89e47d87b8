import {
  DEFAULT_ROLE_PERMISSIONS,
  MFA_REQUIRED_BY_DEFAULT,
  PERMISSIONS,
  type Permission,
  ROLE_SLUGS,
  SYSTEM_ROLES,
} from '@origem/contract/permissions';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { permissions, rolePermissions, roles } from '../schema';

/**
 * Roles, the permission catalogue and the default matrix. Idempotent: runs at every start, adds what is new
 * and never undoes an administrator's edits — a permission added by a release reaches the roles whose default
 * includes it, once, when it first appears.
 */
export async function seedReferenceData(db: Executor): Promise<void> {
  const existingPerms = await db.select({ name: permissions.name }).from(permissions);
  const known = new Set(existingPerms.map((p) => p.name));
  const newPerms = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !known.has(p));
  if (newPerms.length > 0) {
    await db.insert(permissions).values(
      newPerms.map((name) => ({
        name,
        display_name: PERMISSIONS[name].label,
        group: PERMISSIONS[name].group,
      })),
    );
  }

  const existingRoles = await db.select({ name: roles.name }).from(roles);
  const knownRoles = new Set(existingRoles.map((r) => r.name));
  const newRoles = ROLE_SLUGS.filter((slug) => !knownRoles.has(slug));
  if (newRoles.length > 0) {
    await db.insert(roles).values(
      newRoles.map((slug) => ({
        name: slug,
        display_name: SYSTEM_ROLES[slug].label,
        type: SYSTEM_ROLES[slug].type,
        system: true,
        mfa_required: MFA_REQUIRED_BY_DEFAULT.includes(slug),
      })),
    );
  }

  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...ROLE_SLUGS]));
  const permRows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const permId = new Map(permRows.map((p) => [p.name, p.id]));
  const grants: { role_id: number; permission_id: number }[] = [];
  for (const role of roleRows) {
    const slug = role.name as (typeof ROLE_SLUGS)[number];
    const fresh = newRoles.includes(slug);
    for (const perm of DEFAULT_ROLE_PERMISSIONS[slug]) {
      const id = permId.get(perm);
      if (id !== undefined && (fresh || newPerms.includes(perm)))
        grants.push({ role_id: role.id, permission_id: id });
    }
  }
  if (grants.length > 0) await db.insert(rolePermissions).values(grants).onConflictDoNothing();
}
