import { messages } from '@origem/contract/messages.pt';
import { ASSIGNABLE_ROLE_TYPES, ROLE_TYPES } from '@origem/contract/permissions';
import type { RoleFilterQuery, RoleInput } from '@origem/contract/schemas/roles';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { roles } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, fieldError, notFound, violatesConstraint } from '../../lib/errors';
import * as q from './queries';

export async function listRoles(db: Database, filters: RoleFilterQuery) {
  return q.listRoles(db, filters);
}

/** For selects: a role manager sees every active role; a user manager only the roles it may hand out. */
export async function allRoles(db: Database, actor: Actor) {
  const types = actor.permissions.has('role.manage') ? undefined : ASSIGNABLE_ROLE_TYPES[actor.roleType];
  return { data: await q.allRoles(db, types) };
}

export function roleTypes() {
  return { data: Object.entries(ROLE_TYPES).map(([id, name]) => ({ id, name })) };
}

export async function getRole(db: Database, id: number) {
  const role = await q.findRole(db, id);
  if (!role) throw notFound();
  return role;
}

async function validPermissions(tx: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const existing = await q.existingPermissionIds(tx, unique);
  if (existing.length !== unique.length) throw fieldError('permissions', messages.field.invalidOption);
  return unique;
}

/**
 * The checks before each write can lose a race with a concurrent request (same name, a user given the role while
 * it is deleted); the database constraints then have the last word, answered as the checks would have.
 */
async function refusedByDatabase<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'roles_name_unique')) throw fieldError('name', messages.role.nameTaken);
    if (violatesConstraint(err, 'users_role_id_roles_id_fk')) throw conflict(messages.role.inUse);
    throw err;
  }
}

export async function createRole(db: Database, ctx: ServiceContext, input: RoleInput) {
  const id = await refusedByDatabase(
    db.transaction(async (tx) => {
      if (await q.roleNameTaken(tx, input.name)) throw fieldError('name', messages.role.nameTaken);
      const permissionIds = await validPermissions(tx, input.permissions);
      const values = {
        name: input.name,
        display_name: input.display_name,
        type: input.type,
        status: input.status,
        mfa_required: input.mfa_required ?? false,
      };
      const [created] = await tx.insert(roles).values(values).returning({ id: roles.id });
      if (!created) throw new Error('insert returned nothing');
      await q.replacePermissions(tx, created.id, permissionIds);
      await recordAudit(tx, ctx, {
        event: 'created',
        type: 'role',
        id: created.id,
        new: { ...values, permissions: await q.permissionNames(tx, permissionIds) },
      });
      return created.id;
    }),
  );
  return getRole(db, id);
}

/** The administrator role always stays active and able to manage roles and users: nobody can lock everyone out. */
async function assertAdminKeepsControl(
  tx: Executor,
  input: RoleInput,
  permissionIds: number[],
): Promise<void> {
  if (input.status !== 'ATIVO') throw fieldError('status', messages.role.adminLocked);
  const names = await q.permissionNames(tx, permissionIds);
  if (!names.includes('role.manage') || !names.includes('user.manage')) {
    throw fieldError('permissions', messages.role.adminLocked);
  }
}

export async function updateRole(db: Database, ctx: ServiceContext, id: number, input: RoleInput) {
  await refusedByDatabase(
    db.transaction(async (tx) => {
      const before = await q.findRole(tx, id);
      if (!before) throw notFound();
      if (await q.roleNameTaken(tx, input.name, id)) throw fieldError('name', messages.role.nameTaken);
      // A system role keeps its slug and type: the code and the row scoping rely on them.
      if (before.system && (input.name !== before.name || input.type !== before.type)) {
        throw fieldError(
          input.name !== before.name ? 'name' : 'type',
          'O nome e o tipo de um perfil do sistema não podem ser alterados.',
        );
      }
      // The type decides what the role's users reach; changing it under them would move their scope silently.
      if (input.type !== before.type && (await q.liveUsersWithRole(tx, id)) > 0) {
        throw fieldError('type', messages.role.typeInUse);
      }
      const permissionIds = await validPermissions(tx, input.permissions);
      if (before.name === 'admin') await assertAdminKeepsControl(tx, input, permissionIds);
      const values = {
        name: input.name,
        display_name: input.display_name,
        type: input.type,
        status: input.status,
        // Left out of the form: unchanged.
        mfa_required: input.mfa_required ?? before.mfa_required,
      };
      await tx.update(roles).set(values).where(eq(roles.id, id));
      await q.replacePermissions(tx, id, permissionIds);
      const [oldNames, newNames] = [
        await q.permissionNames(tx, before.permissions),
        await q.permissionNames(tx, permissionIds),
      ];
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: 'role',
        id,
        old: {
          name: before.name,
          display_name: before.display_name,
          type: before.type,
          status: before.status,
          mfa_required: before.mfa_required,
          permissions: oldNames,
        },
        new: { ...values, permissions: newNames },
      });
    }),
  );
  return getRole(db, id);
}

export async function deleteRole(db: Database, ctx: ServiceContext, id: number): Promise<void> {
  await refusedByDatabase(
    db.transaction(async (tx) => {
      const role = await q.findRole(tx, id);
      if (!role) throw notFound();
      if (role.system) throw conflict(messages.role.system);
      if ((await q.usersWithRole(tx, id)) > 0) throw conflict(messages.role.inUse);
      await tx.delete(roles).where(eq(roles.id, id));
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: 'role',
        id,
        old: { name: role.name, display_name: role.display_name, type: role.type },
      });
    }),
  );
}

export async function allPermissions(db: Database) {
  return { data: await q.allPermissions(db) };
}
