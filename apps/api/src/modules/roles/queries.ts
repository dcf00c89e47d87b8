import {
  PERMISSION_GROUPS,
  type PermissionGroup,
  ROLE_TYPES,
  type RoleType,
} from '@origem/contract/permissions';
import type { RoleFilterQuery } from '@origem/contract/schemas/roles';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { permissions, rolePermissions, roles, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import { keysetOrder, likePattern, mapPage, paginate } from '../../lib/paging';

// The outer column is spelled out: in a single-table select drizzle renders `${roles.id}` as a bare "id", which
// inside the subquery would bind to the inner table (u.id) and count the wrong rows.
const usersCount = sql<number>`(select count(*)::int from ${users} u where u.role_id = "roles"."id" and u.deleted_at is null)`;
const permissionIds = sql<
  number[]
>`coalesce((select array_agg(rp.permission_id order by rp.permission_id) from ${rolePermissions} rp where rp.role_id = "roles"."id"), '{}')`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  display_name: roles.display_name,
  type: roles.type,
  status: roles.status,
  system: roles.system,
  mfa_required: roles.mfa_required,
  created_at: roles.created_at,
  updated_at: roles.updated_at,
  users_count: usersCount,
  permissions: permissionIds,
};

function toRole(row: {
  id: number;
  name: string;
  display_name: string;
  type: string;
  status: string;
  system: boolean;
  mfa_required: boolean;
  created_at: Date;
  updated_at: Date;
  users_count: number;
  permissions: number[];
}) {
  return {
    ...row,
    type_label: ROLE_TYPES[row.type as RoleType] ?? row.type,
    users_count: Number(row.users_count),
    permissions: row.permissions.map(Number),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type RoleView = ReturnType<typeof toRole>;

function filterConditions(f: Partial<RoleFilterQuery>): SQL | undefined {
  return and(
    f.role
      ? sql`(${roles.name} ilike ${likePattern(f.role)} or ${roles.display_name} ilike ${likePattern(f.role)})`
      : undefined,
    f.status ? eq(roles.status, f.status) : undefined,
  );
}

export async function listRoles(db: Executor, filters: RoleFilterQuery) {
  const page = await paginate(db, filters, {
    where: filterConditions(filters),
    order: keysetOrder(roles, 'asc', [humanOrder(roles.display_name)], roles.id),
    rows: (where) => db.select(roleColumns).from(roles).where(where).$dynamic(),
    ids: (where) => db.select({ id: roles.id }).from(roles).where(where).$dynamic(),
  });
  return mapPage(page, toRole);
}

export async function allRoles(db: Executor, types?: RoleType[]) {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.status, 'ATIVO'), types ? inArray(roles.type, types) : undefined))
    .orderBy(asc(humanOrder(roles.display_name)));
  return rows.map(toRole);
}

export async function findRole(db: Executor, id: number): Promise<RoleView | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row ? toRole(row) : null;
}

export async function roleNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return Boolean(row && row.id !== exceptId);
}

export async function existingPermissionIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  return rows.map((r) => r.id);
}

export async function replacePermissions(db: Executor, roleId: number, ids: number[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (ids.length > 0)
    await db.insert(rolePermissions).values(ids.map((permission_id) => ({ role_id: roleId, permission_id })));
}

export async function permissionNames(db: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, ids));
  return rows.map((r) => r.name).sort();
}

export async function allPermissions(db: Executor) {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.group), asc(permissions.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    display_name: p.display_name,
    group: p.group as PermissionGroup,
    group_label: PERMISSION_GROUPS[p.group as PermissionGroup] ?? p.group,
  }));
}

/**
 * Every user row that points at the role, soft-deleted ones included: their rows (kept for the audit trail) still
 * reference the role, so deleting it would break the foreign key.
 */
export async function usersWithRole(db: Executor, roleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role_id, roleId));
  return row?.n ?? 0;
}

/** Users who can still sign in with the role: the ones a change of type would move. */
export async function liveUsersWithRole(db: Executor, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role_id, roleId), isNull(users.deleted_at)));
  return row?.n ?? 0;
}
