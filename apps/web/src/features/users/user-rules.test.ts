import { messages } from '@origem/contract/messages.pt';
import type { User, UserInput } from '@origem/contract/schemas/users';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test-utils';
import { santos, userRow } from './test-rows';
import {
  canDeleteUser,
  canEditUser,
  entityFieldFor,
  entityName,
  userFormDefaults,
  userFormSchema,
  withPlacement,
} from './user-rules';

const facesp = { id: 2, name: 'Federação das Associações Comerciais de São Paulo' };
const cnce = { id: 1, name: 'Confederação Nacional do Comércio Exterior' };

/** An analyst placed in the association, its federation and its confederation. */
const storedUser = (overrides: Partial<User> = {}): User =>
  userRow(42, 'Bruno Analista', {
    email: 'analista@origem.local',
    federation_id: facesp.id,
    federation: facesp,
    confederation_id: cnce.id,
    confederation: cnce,
    ...overrides,
  });

const input: UserInput = {
  name: 'Ana',
  email: 'ana@origem.local',
  cpf: null,
  cnpj: null,
  phone: null,
  role_id: 5,
  trade_association_id: 3,
  federation_id: 2,
  confederation_id: 1,
  exporter_id: 7,
  dispatcher_id: 8,
  active: true,
};
const noParty = { exporter_id: null, dispatcher_id: null };

describe('entityFieldFor', () => {
  it('asks for nothing before a role is chosen and for admin', () => {
    expect(entityFieldFor(undefined)).toBeNull();
    expect(entityFieldFor('')).toBeNull();
    expect(entityFieldFor('admin')).toBeNull();
  });

  it('asks for the confederation, the federation, the exporter, the dispatcher or the association by role type', () => {
    expect(entityFieldFor('confederacao')).toBe('confederation_id');
    expect(entityFieldFor('federacao')).toBe('federation_id');
    expect(entityFieldFor('exportador')).toBe('exporter_id');
    expect(entityFieldFor('despachante')).toBe('dispatcher_id');
    for (const type of ['associacao', 'fabricante']) {
      expect(entityFieldFor(type)).toBe('trade_association_id');
    }
  });
});

describe('withPlacement', () => {
  it('keeps only the entity the role needs', () => {
    expect(withPlacement(input, 'associacao')).toEqual({
      ...input,
      ...noParty,
      federation_id: null,
      confederation_id: null,
    });
    expect(withPlacement(input, 'federacao')).toEqual({
      ...input,
      ...noParty,
      trade_association_id: null,
      confederation_id: null,
    });
    expect(withPlacement(input, 'confederacao')).toEqual({
      ...input,
      ...noParty,
      trade_association_id: null,
      federation_id: null,
    });
    expect(withPlacement(input, 'exportador')).toEqual({
      ...input,
      trade_association_id: null,
      federation_id: null,
      confederation_id: null,
      dispatcher_id: null,
    });
  });

  it('sends no entity for admin', () => {
    const sent = withPlacement(input, 'admin');
    expect([sent.trade_association_id, sent.federation_id, sent.confederation_id]).toEqual([
      null,
      null,
      null,
    ]);
    expect(sent.name).toBe('Ana');
  });
});

describe('userFormSchema', () => {
  const types: Record<number, string> = { 1: 'admin', 2: 'associacao', 6: 'federacao', 7: 'confederacao' };
  const schema = userFormSchema((id) => types[Number(id)]);
  const base = { name: 'Ana', email: 'ANA@origem.local', cpf: '', cnpj: '', phone: '', active: true };

  function issues(values: Record<string, unknown>) {
    const result = schema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  }

  it("requires the entity of the chosen role's type, with the server's message", () => {
    expect(issues({ ...base, role_id: 2 })).toEqual({
      trade_association_id: messages.user.associationRequired,
    });
    expect(issues({ ...base, role_id: 6 })).toEqual({ federation_id: messages.user.federationRequired });
    expect(issues({ ...base, role_id: 7 })).toEqual({
      confederation_id: messages.user.confederationRequired,
    });
  });

  it('accepts an admin without entity and an association user with its association', () => {
    expect(issues({ ...base, role_id: 1 })).toEqual({});
    expect(issues({ ...base, role_id: 2, trade_association_id: 3 })).toEqual({});
  });

  it('keeps the contract rules (required role, CPF check digits) and parses like the server', () => {
    expect(issues({ ...base, cpf: '529.982.247-26' })).toEqual({
      cpf: messages.field.cpf,
      role_id: messages.field.required,
    });
    const parsed = schema.parse({ ...base, cpf: '529.982.247-25', role_id: 1 });
    expect(parsed).toMatchObject({ email: 'ana@origem.local', cpf: '52998224725', cnpj: null, phone: null });
  });
});

describe('userFormDefaults', () => {
  it("starts from the user's own values when editing", () => {
    const values = userFormDefaults(storedUser({ phone: '13987654321' }), makeUser('admin'));
    expect(values).toEqual({
      name: 'Bruno Analista',
      email: 'analista@origem.local',
      cpf: '22255588846',
      cnpj: '',
      phone: '13987654321',
      role_id: 2,
      trade_association_id: santos.id,
      federation_id: facesp.id,
      confederation_id: cnce.id,
      active: true,
    });
  });

  it("suggests the manager's own association for a new user, nothing for an admin", () => {
    const manager = makeUser('associacao', { trade_association: santos });
    expect(userFormDefaults(undefined, manager)).toMatchObject({
      trade_association_id: santos.id,
      role_id: undefined,
      active: true,
      name: '',
    });
    expect(userFormDefaults(undefined, makeUser('admin'))).toMatchObject({
      trade_association_id: undefined,
      federation_id: undefined,
      confederation_id: undefined,
    });
  });
});

describe('entityName', () => {
  it('shows the association, else the federation, else the confederation, else a dash', () => {
    expect(entityName(storedUser())).toBe(santos.name);
    expect(entityName(storedUser({ trade_association: null }))).toBe(facesp.name);
    expect(entityName(storedUser({ trade_association: null, federation: null }))).toBe(cnce.name);
    expect(entityName(storedUser({ trade_association: null, federation: null, confederation: null }))).toBe(
      '—',
    );
  });
});

describe('canEditUser / canDeleteUser', () => {
  const admin = makeUser('admin', { id: 1 });
  const association = makeUser('associacao', { id: 5 });
  const analyst = makeUser('analista', { id: 2 });
  const staff = { id: 2, role: { type: 'associacao' } };
  const exporterUser = { id: 3, role: { type: 'exportador' } };

  it('lets an admin edit and delete anyone but itself', () => {
    expect(canEditUser(admin, exporterUser)).toBe(true);
    expect(canDeleteUser(admin, exporterUser)).toBe(true);
    expect(canEditUser(admin, { id: 1, role: { type: 'admin' } })).toBe(true);
    expect(canDeleteUser(admin, { id: 1, role: { type: 'admin' } })).toBe(false);
  });

  it("limits an association's manager to the roles it may hand out", () => {
    expect(canEditUser(association, staff)).toBe(true);
    expect(canDeleteUser(association, staff)).toBe(true);
    expect(canEditUser(association, exporterUser)).toBe(false);
    expect(canDeleteUser(association, exporterUser)).toBe(false);
    // Its own record stays editable (not its role: the form locks it).
    expect(canEditUser(association, { id: 5, role: { type: 'associacao' } })).toBe(true);
  });

  it('gives nothing without user.manage, or without a session', () => {
    expect(canEditUser(analyst, staff)).toBe(false);
    expect(canDeleteUser(analyst, exporterUser)).toBe(false);
    expect(canEditUser(null, staff)).toBe(false);
  });
});
