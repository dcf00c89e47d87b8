import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { seedReferenceData } from '../../db/seed/reference';
import { createTestApp, type TestApp } from '../../test/app';
import { grant } from '../entities/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** The data migration that takes user.manage from the federação (found by what it does, not by its file name). */
function revokingStatements(): string[] {
  const statements = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) => readFileSync(path.join(migrations, name), 'utf8').split('--> statement-breakpoint'))
    .filter(
      (statement) =>
        /delete\s+from\s+"role_permissions"/i.test(statement) && statement.includes('user.manage'),
    );
  expect(statements).toHaveLength(1);
  return statements;
}

async function federacaoHasUserManage(): Promise<boolean> {
  const rows = await t.db
    .select({ role: roles.id })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(eq(roles.name, 'federacao'), eq(permissions.name, 'user.manage')));
  return rows.length > 0;
}

describe('the federação reads and reports; it does not manage users (DOMAIN.md §2)', () => {
  it('is seeded without user.manage: a federation user cannot create users', async () => {
    expect(await federacaoHasUserManage()).toBe(false);
    const token = await t.login('federacao');
    const res = await t.request('POST', '/v1/user', {
      token,
      body: { name: 'Tentativa', email: 'tentativa@origem.local', role_id: 1 },
    });
    expect(res.statusCode).toBe(403);
    const detail = await t.request('GET', '/v1/user/detail', { token });
    expect(detail.json().permissions).not.toContain('user.manage');
  });

  it('databases seeded with the old matrix lose the grant through a migration, once', async () => {
    // As an existing database has it: the old default gave the federação user.manage.
    await grant(t, 'federacao', 'user.manage');
    expect(await federacaoHasUserManage()).toBe(true);
    for (const statement of revokingStatements()) await t.db.execute(sql.raw(statement));
    expect(await federacaoHasUserManage()).toBe(false);
    // Other roles keep theirs.
    const token = await t.login('associacao');
    expect((await t.request('GET', '/v1/user/detail', { token })).json().permissions).toContain(
      'user.manage',
    );
  });

  it('an administrator may grant it again afterwards, and the seed at the next start leaves that alone', async () => {
    await grant(t, 'federacao', 'user.manage');
    await seedReferenceData(t.db);
    expect(await federacaoHasUserManage()).toBe(true);
  });
});
