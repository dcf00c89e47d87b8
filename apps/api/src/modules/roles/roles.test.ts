import { PERMISSION_GROUPS, PERMISSION_NAMES, ROLE_SLUGS, ROLE_TYPES } from '@origem/contract/permissions';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { audits, permissions, rolePermissions, roles, tradeAssociations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectUnchanged } from '../../test/snapshot';

let t: TestApp;
const tok: Record<string, string> = {};
const roleId: Record<string, number> = {};
const permId: Record<string, number> = {};
let santos = 0;

type RoleBody = {
  id: number;
  name: string;
  display_name: string;
  type: string;
  type_label: string;
  status: string;
  system: boolean;
  users_count: number;
  permissions: number[];
};
type Page = { data: RoleBody[]; current_page: number; per_page: number; total: number; last_page: number };

const FORBIDDEN = 'Você não tem permissão para realizar esta ação.';

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.select({ id: roles.id, name: roles.name }).from(roles)) roleId[r.name] = r.id;
  for (const p of await t.db.select({ id: permissions.id, name: permissions.name }).from(permissions))
    permId[p.name] = p.id;
  santos = (await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations))[0]?.id ?? 0;
  for (const role of ['admin', 'analista', 'exportador', 'associacao', 'federacao'])
    tok[role] = await t.login(role);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = tok.admin) => t.request('GET', url, { token });
const post = (body: unknown, token = tok.admin) => t.request('POST', '/v1/role', { token, body });
const put = (id: number, body: unknown, token = tok.admin) =>
  t.request('PUT', `/v1/role/${id}`, { token, body });
const del = (id: number, token = tok.admin) => t.request('DELETE', `/v1/role/${id}`, { token });

const ids = (...names: string[]) => names.map((n) => permId[n] ?? 0);

async function storedPermissions(role: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: rolePermissions.permission_id })
    .from(rolePermissions)
    .where(eq(rolePermissions.role_id, role));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function snapshot() {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select count(*)::int from roles) as roles,
               (select count(*)::int from audits) as audits,
               (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from roles r) as roles_hash,
               (select md5(coalesce(string_agg(rp.role_id || ':' || rp.permission_id, '|' order by rp.role_id, rp.permission_id), ''))
                  from role_permissions rp) as grants_hash`,
  );
  return row;
}

const expectNothingChanged = <T>(action: () => Promise<T>): Promise<T> => expectUnchanged(snapshot, action);

async function lastAudit(id: number) {
  const [row] = await t.db
    .select()
    .from(audits)
    .where(and(eq(audits.auditable_type, 'role'), eq(audits.auditable_id, id)))
    .orderBy(desc(audits.id))
    .limit(1);
  return row;
}

/** A user of the given role, placed in the demo association. */
async function addUser(role: number, email: string, deleted = false): Promise<number> {
  const [row] = await t.db
    .insert(users)
    .values({
      name: email,
      email,
      role_id: role,
      trade_association_id: santos,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: users.id });
  return row?.id ?? 0;
}

describe('reading roles', () => {
  it('GET /v1/role pages the roles by label, with type label, user count and permission ids', async () => {
    const res = await get('/v1/role');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: ROLE_SLUGS.length,
      last_page: 1,
      total_capped: false,
    });
    const labels = page.data.map((r) => r.display_name);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const analista = page.data.find((r) => r.name === 'analista');
    expect(analista).toMatchObject({
      display_name: 'Analista',
      type: 'associacao',
      type_label: 'Associação Comercial',
      status: 'ATIVO',
      system: true,
      users_count: 1,
    });
    expect(analista?.permissions).toEqual(await storedPermissions(roleId.analista ?? 0));
    const admin = page.data.find((r) => r.name === 'admin');
    expect(admin?.permissions).toHaveLength(PERMISSION_NAMES.length);
  });

  it('counts only the live users of each role', async () => {
    const role = (
      await post({ name: 'contagem', display_name: 'Contagem', type: 'associacao' })
    ).json<RoleBody>();
    expect(role.users_count).toBe(0);
    await addUser(role.id, 'c1@origem.local');
    await addUser(role.id, 'c2@origem.local');
    await addUser(role.id, 'c3@origem.local', true);
    expect((await get(`/v1/role/${role.id}`)).json<RoleBody>().users_count).toBe(2);
    const listed = (await get('/v1/role/with_filter?role=contagem')).json<Page>().data;
    expect(listed.map((r) => r.users_count)).toEqual([2]);
    // Every system role has exactly its one demo user.
    const page = (await get('/v1/role')).json<Page>();
    for (const r of page.data.filter((x) => x.system)) expect(r.users_count, r.name).toBe(1);
  });

  it('GET /v1/role/with_filter filters by name or label and by status', async () => {
    await post({
      name: 'inativo_teste',
      display_name: 'Perfil Desligado',
      type: 'exportador',
      status: 'INATIVO',
    });
    const byName = (await get('/v1/role/with_filter?role=ANALIS')).json<Page>();
    expect(byName.data.map((r) => r.name)).toEqual(['analista']);
    const byLabel = (await get(`/v1/role/with_filter?role=${encodeURIComponent('federação')}`)).json<Page>();
    expect(byLabel.data.map((r) => r.name)).toEqual(['confederacao', 'federacao']);
    expect((await get('/v1/role/with_filter?role=Desligado')).json<Page>().data.map((r) => r.name)).toEqual([
      'inativo_teste',
    ]);
    const inactive = (await get('/v1/role/with_filter?status=INATIVO')).json<Page>();
    expect(inactive.data.map((r) => r.name)).toEqual(['inativo_teste']);
    const active = (await get('/v1/role/with_filter?status=ATIVO&role=')).json<Page>();
    expect(active.data.every((r) => r.status === 'ATIVO')).toBe(true);
    expect(active.total).toBe(active.data.length);
    expect(active.data.some((r) => r.name === 'inativo_teste')).toBe(false);
    const bad = await get('/v1/role/with_filter?status=QUALQUER');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['Opção inválida.'] });
  });

  it('GET /v1/role/all gives admin every active role', async () => {
    const res = await get('/v1/role/all');
    expect(res.statusCode).toBe(200);
    const names = res.json<{ data: RoleBody[] }>().data.map((r) => r.name);
    const active = await t.db.select({ name: roles.name }).from(roles).where(eq(roles.status, 'ATIVO'));
    expect([...names].sort()).toEqual(active.map((r) => r.name).sort());
    expect(names).not.toContain('inativo_teste');
  });

  it('GET /v1/role/all gives a user manager without role.manage only the roles it may assign', async () => {
    const res = await get('/v1/role/all', tok.associacao);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: RoleBody[] }>().data;
    expect(data.every((r) => r.type === 'associacao')).toBe(true);
    const names = data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['analista', 'associacao', 'contagem']));
    for (const hidden of ['admin', 'federacao', 'confederacao', 'exportador'])
      expect(names).not.toContain(hidden);
    const fed = (await get('/v1/role/all', tok.federacao)).json<{ data: RoleBody[] }>().data;
    expect(new Set(fed.map((r) => r.type))).toEqual(new Set(['federacao', 'associacao']));
  });

  it('GET /v1/role/type lists the role types with their Portuguese labels', async () => {
    const res = await get('/v1/role/type', tok.associacao);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: Object.entries(ROLE_TYPES).map(([id, name]) => ({ id, name })) });
    expect(res.json().data).toContainEqual({ id: 'associacao', name: 'Associação Comercial' });
  });

  it('GET /v1/role/{id} returns the role with its permission ids, 404 otherwise', async () => {
    const res = await get(`/v1/role/${roleId.exportador}`);
    expect(res.statusCode).toBe(200);
    const role = res.json<RoleBody>();
    expect(role).toMatchObject({
      name: 'exportador',
      display_name: 'Exportador',
      type: 'exportador',
      system: true,
    });
    expect(role.permissions).toEqual(await storedPermissions(roleId.exportador ?? 0));
    expect(role.permissions).toContain(permId['certificate.create']);
    expect(role.permissions).not.toContain(permId['user.view']);
    const missing = await get('/v1/role/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Registro não encontrado.');
  });

  it('GET /v1/permission/all lists the whole catalogue, grouped, with Portuguese labels', async () => {
    const res = await get('/v1/permission/all');
    expect(res.statusCode).toBe(200);
    const data = res.json<{
      data: { id: number; name: string; display_name: string; group: string; group_label: string }[];
    }>().data;
    expect(data.map((p) => p.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(data.find((p) => p.name === 'audit.view')).toEqual({
      id: permId['audit.view'],
      name: 'audit.view',
      display_name: 'Ver e exportar a auditoria',
      group: 'audit',
      group_label: 'Auditoria',
    });
    for (const p of data)
      expect(p.group_label).toBe(PERMISSION_GROUPS[p.group as keyof typeof PERMISSION_GROUPS]);
    // Grouped: each group's permissions come together.
    const groups = data.map((p) => p.group);
    expect(groups).toEqual([...groups].sort());
  });
});

describe('POST /v1/role', () => {
  it('creates a role with its permissions and audits it with their names', async () => {
    const res = await post({
      name: 'analista_senior',
      display_name: 'Analista sênior',
      type: 'associacao',
      permissions: ids('dashboard.view', 'certificate.analyse', 'dashboard.view'),
    });
    expect(res.statusCode).toBe(201);
    const role = res.json<RoleBody>();
    expect(role).toMatchObject({
      name: 'analista_senior',
      display_name: 'Analista sênior',
      type: 'associacao',
      type_label: 'Associação Comercial',
      status: 'ATIVO',
      system: false,
      users_count: 0,
    });
    const expected = ids('dashboard.view', 'certificate.analyse').sort((a, b) => a - b);
    expect(role.permissions).toEqual(expected);
    expect(await storedPermissions(role.id)).toEqual(expected);
    const audit = await lastAudit(role.id);
    expect(audit).toMatchObject({ event: 'created', auditable_type: 'role' });
    expect(audit?.new_values).toEqual({
      name: 'analista_senior',
      display_name: 'Analista sênior',
      type: 'associacao',
      status: 'ATIVO',
      mfa_required: false,
      permissions: ['certificate.analyse', 'dashboard.view'],
    });
  });

  it('refuses a name already taken, bad permissions and bad fields with 422, writing nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: 'analista' }, { name: ['Já existe um perfil com este nome.'] }],
      [{ name: 'analista_senior' }, { name: ['Já existe um perfil com este nome.'] }],
      [{ permissions: [999999] }, { permissions: ['Opção inválida.'] }],
      [{ permissions: [permId['dashboard.view'], 999999] }, { permissions: ['Opção inválida.'] }],
      [{ permissions: [99999999999] }, { 'permissions.0': ['Opção inválida.'] }],
      [{ type: 'superusuario' }, { type: ['Opção inválida.'] }],
      [{ status: 'TALVEZ' }, { status: ['Opção inválida.'] }],
      [{ name: 'Com Espaço' }, { name: ['Use letras minúsculas, números e "_" (ex.: analista_senior).'] }],
      [{ display_name: '' }, { display_name: ['Campo obrigatório.'] }],
    ];
    for (const [override, errors] of cases) {
      const body = {
        name: 'novo_perfil',
        display_name: 'Novo perfil',
        type: 'exportador',
        permissions: [],
        ...override,
      };
      const res = await expectNothingChanged(() => post(body));
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(res.json().errors, JSON.stringify(override)).toEqual(errors);
    }
  });

  it('lets only one of two simultaneous creations with the same name through', async () => {
    const body = { name: 'corrida', display_name: 'Corrida', type: 'exportador' };
    const results = await Promise.all([post(body), post(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)?.json().errors).toEqual({
      name: ['Já existe um perfil com este nome.'],
    });
  });
});

describe('PUT /v1/role/{id}', () => {
  it('replaces the permission set and audits the names before and after', async () => {
    const role = (
      await post({
        name: 'troca',
        display_name: 'Troca',
        type: 'exportador',
        permissions: ids('dashboard.view', 'company.view'),
      })
    ).json<RoleBody>();
    const res = await put(role.id, {
      name: 'troca',
      display_name: 'Troca de permissões',
      type: 'exportador',
      permissions: ids('company.view', 'declaration.view'),
    });
    expect(res.statusCode).toBe(200);
    const expected = ids('company.view', 'declaration.view').sort((a, b) => a - b);
    expect(res.json<RoleBody>()).toMatchObject({
      display_name: 'Troca de permissões',
      permissions: expected,
    });
    expect(await storedPermissions(role.id)).toEqual(expected);
    const audit = await lastAudit(role.id);
    expect(audit?.event).toBe('updated');
    expect(audit?.old_values).toMatchObject({
      display_name: 'Troca',
      permissions: ['company.view', 'dashboard.view'],
    });
    expect(audit?.new_values).toMatchObject({
      display_name: 'Troca de permissões',
      permissions: ['company.view', 'declaration.view'],
    });
    // An empty list empties the role.
    expect(
      (await put(role.id, { name: 'troca', display_name: 'Troca', type: 'exportador', permissions: [] }))
        .statusCode,
    ).toBe(200);
    expect(await storedPermissions(role.id)).toEqual([]);
  });

  it('keeps the name and type of a system role, but lets its label and permissions change', async () => {
    const current = (await get(`/v1/role/${roleId.fabricante}`)).json<RoleBody>();
    const base = {
      name: 'fabricante',
      display_name: 'Fabricante',
      type: 'fabricante',
      permissions: current.permissions,
    };
    const renamed = await expectNothingChanged(() =>
      put(roleId.fabricante ?? 0, { ...base, name: 'fabricante_novo' }),
    );
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({
      name: ['O nome e o tipo de um perfil do sistema não podem ser alterados.'],
    });
    const retyped = await expectNothingChanged(() => put(roleId.fabricante ?? 0, { ...base, type: 'admin' }));
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors).toEqual({
      type: ['O nome e o tipo de um perfil do sistema não podem ser alterados.'],
    });

    const relabelled = await put(roleId.fabricante ?? 0, { ...base, display_name: 'Fabricante (indústria)' });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json()).toMatchObject({
      name: 'fabricante',
      type: 'fabricante',
      display_name: 'Fabricante (indústria)',
    });
  });

  it("refuses taking another role's name, unknown permissions and unknown roles", async () => {
    const role = (
      await post({ name: 'sem_conflito', display_name: 'Sem conflito', type: 'exportador' })
    ).json<RoleBody>();
    const taken = await expectNothingChanged(() =>
      put(role.id, { name: 'exportador', display_name: 'X', type: 'exportador' }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['Já existe um perfil com este nome.'] });
    const bad = await expectNothingChanged(() =>
      put(role.id, { name: 'sem_conflito', display_name: 'X', type: 'exportador', permissions: [999999] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ permissions: ['Opção inválida.'] });
    const missing = await expectNothingChanged(() =>
      put(999999, { name: 'x_y', display_name: 'X', type: 'exportador' }),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /v1/role/{id}', () => {
  it('refuses to delete a system role with 409', async () => {
    for (const slug of ['admin', 'fabricante']) {
      const res = await expectNothingChanged(() => del(roleId[slug] ?? 0));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'Conflict', message: 'Perfis do sistema não podem ser excluídos.' });
    }
  });

  it('refuses to delete a custom role that users still have, even users since deleted', async () => {
    const role = (
      await post({ name: 'em_uso', display_name: 'Em uso', type: 'associacao' })
    ).json<RoleBody>();
    const userId = await addUser(role.id, 'em-uso@origem.local');
    const res = await expectNothingChanged(() => del(role.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este perfil não pode ser excluído: há usuários vinculados a ele.');
    // A soft-deleted user still points at the role (its row is kept for the audit trail): still refused, not a 500.
    await t.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, userId));
    const afterDelete = await expectNothingChanged(() => del(role.id));
    expect(afterDelete.statusCode).toBe(409);
    expect(afterDelete.json().message).toBe(
      'Este perfil não pode ser excluído: há usuários vinculados a ele.',
    );
  });

  it('deletes a custom role without users, with its grants, and audits it', async () => {
    const role = (
      await post({
        name: 'descartavel',
        display_name: 'Descartável',
        type: 'exportador',
        permissions: ids('dashboard.view'),
      })
    ).json<RoleBody>();
    const res = await del(role.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Perfil excluído com sucesso!' });
    expect(await t.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(0);
    expect(await storedPermissions(role.id)).toEqual([]);
    const audit = await lastAudit(role.id);
    expect(audit).toMatchObject({
      event: 'deleted',
      old_values: { name: 'descartavel', display_name: 'Descartável', type: 'exportador' },
    });
    expect((await get(`/v1/role/${role.id}`)).statusCode).toBe(404);
    expect((await expectNothingChanged(() => del(role.id))).statusCode).toBe(404);
  });
});

describe('permissions take effect at once', () => {
  it('a permission granted to a role reaches its users on their next call, and revoking takes it back', async () => {
    const exporter = tok.exportador;
    const detail = async () =>
      (await get('/v1/user/detail', exporter)).json<{ permissions: string[] }>().permissions;
    expect(await detail()).not.toContain('audit.view');
    expect((await get('/v1/audit', exporter)).statusCode).toBe(403);

    const current = (await get(`/v1/role/${roleId.exportador}`)).json<RoleBody>();
    const base = { name: 'exportador', display_name: 'Exportador', type: 'exportador' };
    const granted = await put(roleId.exportador ?? 0, {
      ...base,
      permissions: [...current.permissions, permId['audit.view']],
    });
    expect(granted.statusCode).toBe(200);
    expect(await detail()).toContain('audit.view');
    expect((await get('/v1/audit', exporter)).statusCode).toBe(200);

    const revoked = await put(roleId.exportador ?? 0, { ...base, permissions: current.permissions });
    expect(revoked.statusCode).toBe(200);
    expect(await detail()).not.toContain('audit.view');
    const again = await get('/v1/audit', exporter);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(FORBIDDEN);
  });

  it('an inactive role gives its users no permission at all until it is active again', async () => {
    const current = (await get(`/v1/role/${roleId.analista}`)).json<RoleBody>();
    const base = {
      name: 'analista',
      display_name: 'Analista',
      type: 'associacao',
      permissions: current.permissions,
    };
    expect((await put(roleId.analista ?? 0, { ...base, status: 'INATIVO' })).statusCode).toBe(200);
    expect((await get('/v1/user/detail', tok.analista)).json().permissions).toEqual([]);
    expect((await get('/v1/user', tok.analista)).statusCode).toBe(403);
    expect((await put(roleId.analista ?? 0, { ...base, status: 'ATIVO' })).statusCode).toBe(200);
    expect((await get('/v1/user', tok.analista)).statusCode).toBe(200);
  });
});

describe('authorization', () => {
  it('refuses every role mutation and the management lists to non-admins with 403, changing nothing', async () => {
    const role = (await post({ name: 'alvo', display_name: 'Alvo', type: 'exportador' })).json<RoleBody>();
    const body = { name: 'alvo', display_name: 'Tomado', type: 'admin', permissions: ids('role.manage') };
    for (const who of ['analista', 'exportador', 'associacao', 'federacao']) {
      const token = tok[who];
      const responses = await expectNothingChanged(async () => [
        await post({ ...body, name: `alvo_${who}` }, token),
        await put(role.id, body, token),
        await put(
          roleId[who] ?? 0,
          { name: who, display_name: who, type: 'admin', permissions: ids('role.manage') },
          token,
        ),
        await del(role.id, token),
        await get('/v1/role', token),
        await get('/v1/role/with_filter', token),
        await get(`/v1/role/${role.id}`, token),
        await get('/v1/permission/all', token),
      ]);
      for (const res of responses) {
        expect(res.statusCode, who).toBe(403);
        expect(res.json().message).toBe(FORBIDDEN);
      }
    }
    // The select lists need user.view or role.manage: the exporter has neither.
    expect((await get('/v1/role/all', tok.exportador)).statusCode).toBe(403);
    expect((await get('/v1/role/type', tok.exportador)).statusCode).toBe(403);
    expect((await t.request('POST', '/v1/role', { body })).statusCode).toBe(401);
  });
});

describe('guard rails', () => {
  it('keeps the administrator role active and able to manage roles and users', async () => {
    const admin = (await get(`/v1/role/${roleId.admin}`)).json();
    const base = { name: 'admin', display_name: admin.display_name, type: 'admin', status: 'ATIVO' };
    const inactive = await expectNothingChanged(() =>
      put(roleId.admin ?? 0, { ...base, status: 'INATIVO', permissions: admin.permissions }),
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.status[0]).toContain('precisa continuar ativo');
    const withoutRoleManage = await expectNothingChanged(() =>
      put(roleId.admin ?? 0, {
        ...base,
        permissions: admin.permissions.filter((id: number) => id !== permId['role.manage']),
      }),
    );
    expect(withoutRoleManage.statusCode).toBe(422);
    expect(withoutRoleManage.json().errors.permissions).toBeDefined();
  });

  it('refuses changing the type of a role that users have, and allows it once nobody has it', async () => {
    const created = await post({
      name: 'tipo_fixo',
      display_name: 'Tipo fixo',
      type: 'associacao',
      permissions: [],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const user = await t.request('POST', '/v1/user', {
      token: tok.admin,
      body: {
        name: 'Dona do Perfil',
        email: 'dona.perfil@origem.local',
        role_id: id,
        trade_association_id: 1,
      },
    });
    expect(user.statusCode).toBe(201);
    const body = { name: 'tipo_fixo', display_name: 'Tipo fixo', type: 'federacao', permissions: [] };
    const refused = await expectNothingChanged(() => put(id, body));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.type).toEqual([
      'O tipo não pode mudar enquanto houver usuários com este perfil.',
    ]);
    expect((await t.request('DELETE', `/v1/user/${user.json().id}`, { token: tok.admin })).statusCode).toBe(
      200,
    );
    const allowed = await put(id, body);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().type).toBe('federacao');
  });
});

describe('audit guard', () => {
  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
