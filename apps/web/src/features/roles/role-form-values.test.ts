import { messages } from '@origem/contract/messages.pt';
import type { Role } from '@origem/contract/schemas/roles';
import { describe, expect, it } from 'vitest';
import { roleFormDefaults, roleFormSchema, roleLocks } from './role-form-values';

const role = (overrides: Partial<Role> = {}): Role => ({
  id: 7,
  name: 'operador',
  display_name: 'Operador',
  type: 'associacao',
  type_label: 'Associação Comercial',
  status: 'ATIVO',
  system: false,
  mfa_required: false,
  users_count: 0,
  permissions: [9, 2, 5],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('roleFormDefaults', () => {
  it('starts a new role blank, active and without permissions', () => {
    expect(roleFormDefaults()).toEqual({
      display_name: '',
      name: '',
      type: undefined,
      status: 'ATIVO',
      mfa_required: false,
      permissions: [],
    });
  });

  it('copies a stored role, permissions sorted', () => {
    expect(roleFormDefaults(role({ status: 'INATIVO' }))).toEqual({
      display_name: 'Operador',
      name: 'operador',
      type: 'associacao',
      status: 'INATIVO',
      mfa_required: false,
      permissions: [2, 5, 9],
    });
  });
});

describe('roleFormSchema', () => {
  it('asks for the type in Portuguese when it is missing', () => {
    const result = roleFormSchema.safeParse({ display_name: 'X', name: 'x' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === 'type');
    expect(issue?.message).toBe(messages.field.required);
  });

  it('gives the payload the API expects', () => {
    expect(
      roleFormSchema.parse({
        display_name: ' Operador ',
        name: 'operador',
        type: 'exportador',
        permissions: [3, 1],
      }),
    ).toEqual({
      display_name: 'Operador',
      name: 'operador',
      type: 'exportador',
      status: 'ATIVO',
      permissions: [3, 1],
    });
  });
});

describe('roleLocks', () => {
  it('locks nothing on a new or custom unused role', () => {
    expect(roleLocks()).toEqual({ name: false, type: false, status: false, typeReason: null });
    expect(roleLocks(role())).toMatchObject({ name: false, type: false, status: false });
  });

  it('keeps identifier and type of a system role', () => {
    expect(roleLocks(role({ system: true, name: 'exportador', users_count: 1 }))).toMatchObject({
      name: true,
      type: true,
      status: false,
    });
  });

  it('keeps the type of a custom role while users have it', () => {
    expect(roleLocks(role({ users_count: 2 }))).toEqual({
      name: false,
      type: true,
      status: false,
      typeReason: messages.role.typeInUse,
    });
  });

  it('keeps the administrator role active', () => {
    expect(roleLocks(role({ system: true, name: 'admin' })).status).toBe(true);
  });
});
