import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLE_TYPES,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  PERMISSIONS,
  ROLE_SLUGS,
  ROLE_TYPE_KEYS,
  SYSTEM_ROLES,
} from './permissions';

const rolesWith = (permission: string) =>
  ROLE_SLUGS.filter((slug) => (DEFAULT_ROLE_PERMISSIONS[slug] as string[]).includes(permission)).sort();

describe('default role → permission matrix (DOMAIN.md §2)', () => {
  it('has a row for every role slug and nothing else', () => {
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...ROLE_SLUGS].sort());
    expect(Object.keys(SYSTEM_ROLES).sort()).toEqual([...ROLE_SLUGS].sort());
  });

  it('gives admin every permission of the catalogue', () => {
    expect([...DEFAULT_ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('names only permissions that exist in the catalogue, each at most once per role', () => {
    for (const slug of ROLE_SLUGS) {
      const perms = DEFAULT_ROLE_PERMISSIONS[slug];
      for (const p of perms) expect(PERMISSIONS, `${slug}: ${p}`).toHaveProperty([p]);
      expect(new Set(perms).size, `${slug} repete uma permissão`).toBe(perms.length);
    }
  });

  it('reserves origin_rule.view for admin and analista (SPEC §6: /regras-origem)', () => {
    expect(rolesWith('origin_rule.view')).toEqual(['admin', 'analista']);
    expect(rolesWith('origin_rule.manage')).toEqual(['admin', 'analista']);
  });

  it('keeps users, roles and the audit log away from the exporter', () => {
    const exporter = DEFAULT_ROLE_PERMISSIONS.exportador as string[];
    for (const p of ['user.view', 'user.manage', 'role.manage', 'audit.view'])
      expect(exporter).not.toContain(p);
  });

  it('gives role.manage only to admin, and user.manage only to the entity managers', () => {
    expect(rolesWith('role.manage')).toEqual(['admin']);
    expect(rolesWith('user.manage')).toEqual(['admin', 'associacao']);
  });

  it('gives the federação and the confederação reading and reports only (DOMAIN.md §2)', () => {
    for (const slug of ['federacao', 'confederacao'] as const) {
      const writes = DEFAULT_ROLE_PERMISSIONS[slug].filter((p) => !/\.(view|billing|custom)$/.test(p));
      expect(writes, slug).toEqual([]);
    }
  });

  it('lets every role see the dashboard', () => {
    for (const slug of ROLE_SLUGS) expect(DEFAULT_ROLE_PERMISSIONS[slug], slug).toContain('dashboard.view');
  });

  it('gives every user manager user.view as well (the list comes before the form)', () => {
    for (const slug of ROLE_SLUGS) {
      if ((DEFAULT_ROLE_PERMISSIONS[slug] as string[]).includes('user.manage')) {
        expect(DEFAULT_ROLE_PERMISSIONS[slug], slug).toContain('user.view');
      }
    }
  });
});

describe('catalogue', () => {
  it('names permissions <area>.<action> and puts each in a known group with a Portuguese label', () => {
    for (const name of PERMISSION_NAMES) {
      expect(name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      const { group, label } = PERMISSIONS[name];
      expect(PERMISSION_GROUPS).toHaveProperty([group]);
      expect(label.length).toBeGreaterThan(3);
    }
  });

  it('gives every system role a known type', () => {
    for (const slug of ROLE_SLUGS) expect(ROLE_TYPE_KEYS).toContain(SYSTEM_ROLES[slug].type);
    expect(SYSTEM_ROLES.analista.type).toBe('associacao');
  });
});

describe('ASSIGNABLE_ROLE_TYPES', () => {
  it('lets admin assign every type and the party roles none', () => {
    expect([...ASSIGNABLE_ROLE_TYPES.admin].sort()).toEqual([...ROLE_TYPE_KEYS].sort());
    expect(ASSIGNABLE_ROLE_TYPES.exportador).toEqual([]);
    expect(ASSIGNABLE_ROLE_TYPES.despachante).toEqual([]);
    expect(ASSIGNABLE_ROLE_TYPES.fabricante).toEqual([]);
  });

  it('never lets a non-admin hand out admin, nor a type above its own', () => {
    const rank: Record<string, number> = { admin: 0, confederacao: 1, federacao: 2, associacao: 3 };
    for (const type of ROLE_TYPE_KEYS) {
      if (type === 'admin') continue;
      expect(ASSIGNABLE_ROLE_TYPES[type], type).not.toContain('admin');
      for (const assignable of ASSIGNABLE_ROLE_TYPES[type]) {
        expect(rank[assignable] ?? 99, `${type} → ${assignable}`).toBeGreaterThanOrEqual(rank[type] ?? 99);
      }
    }
  });
});
