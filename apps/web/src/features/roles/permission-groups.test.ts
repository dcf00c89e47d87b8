import type { PermissionRow } from '@origem/contract/schemas/roles';
import { describe, expect, it } from 'vitest';
import { groupCheckState, groupPermissions, toggleGroup, togglePermission } from './permission-groups';

const p = (id: number, name: string, group: string, group_label: string): PermissionRow =>
  ({ id, name, display_name: name, group, group_label }) as PermissionRow;

// As the server sends them: ordered by group key, then id.
const CATALOGUE = [
  p(30, 'audit.view', 'audit', 'Auditoria'),
  p(18, 'certificate.view', 'certificate', 'Certificados'),
  p(19, 'certificate.create', 'certificate', 'Certificados'),
  p(1, 'dashboard.view', 'dashboard', 'Início'),
  p(40, 'extra.thing', 'zeta', 'Extras'),
  p(41, 'other.thing', 'alfa', 'Outros'),
  p(28, 'role.manage', 'role', 'Perfis'),
];

describe('groupPermissions', () => {
  it('groups by area in the product order, unknown groups last by label', () => {
    const groups = groupPermissions(CATALOGUE);
    expect(groups.map((g) => g.label)).toEqual([
      'Início',
      'Certificados',
      'Perfis',
      'Auditoria',
      'Extras',
      'Outros',
    ]);
    expect(groups[1]?.permissions.map((x) => x.name)).toEqual(['certificate.view', 'certificate.create']);
  });

  it('gives no groups for an empty catalogue', () => {
    expect(groupPermissions([])).toEqual([]);
  });
});

describe('groupCheckState', () => {
  const certificates = { permissions: [CATALOGUE[1], CATALOGUE[2]] as PermissionRow[] };

  it('is unchecked when none is selected', () => {
    expect(groupCheckState(certificates, [1, 30])).toEqual({
      checked: false,
      indeterminate: false,
      selected: 0,
      total: 2,
    });
  });

  it('is indeterminate when some are selected', () => {
    expect(groupCheckState(certificates, [19])).toMatchObject({
      checked: false,
      indeterminate: true,
      selected: 1,
    });
  });

  it('is checked when all are selected', () => {
    expect(groupCheckState(certificates, [18, 1, 19])).toMatchObject({
      checked: true,
      indeterminate: false,
      selected: 2,
    });
  });

  it('an empty group is never checked', () => {
    expect(groupCheckState({ permissions: [] }, [1])).toMatchObject({ checked: false, indeterminate: false });
  });
});

describe('toggles', () => {
  const certificates = { permissions: [CATALOGUE[1], CATALOGUE[2]] as PermissionRow[] };

  it('checks and unchecks one permission, sorted and without repeats', () => {
    expect(togglePermission([30, 1], 18, true)).toEqual([1, 18, 30]);
    expect(togglePermission([1, 18], 18, true)).toEqual([1, 18]);
    expect(togglePermission([1, 18, 30], 18, false)).toEqual([1, 30]);
  });

  it('checks a whole group and keeps the other groups', () => {
    expect(toggleGroup([30, 19], certificates, true)).toEqual([18, 19, 30]);
  });

  it('clears a whole group and keeps the other groups', () => {
    expect(toggleGroup([1, 18, 19, 30], certificates, false)).toEqual([1, 30]);
  });
});
