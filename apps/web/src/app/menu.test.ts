import { DEFAULT_ROLE_PERMISSIONS } from '@origem/contract/permissions';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test-utils';
import { buildMenu, canSeeRoute, selectedMenuPath } from './menu';
import { MENU_GROUPS, ROUTES } from './route-table';
import { DELIVERED_ROUTES, SCREENS } from './screens';

const labels = (user: Parameters<typeof buildMenu>[0]) =>
  buildMenu(user).flatMap((section) => section.items.map((item) => item.label));
const sections = (user: Parameters<typeof buildMenu>[0]) => buildMenu(user).map((section) => section.label);

describe('buildMenu', () => {
  it('shows an item only when its permission is in the user permissions', () => {
    const user = makeUser('admin', { permissions: ['user.view', 'audit.view'] });
    expect(labels(user)).toEqual(['Início', 'Usuários', 'Auditoria']);
    expect(sections(user)).toEqual(['Início', 'Administração']);
  });

  it('gives the administrator the administration area', () => {
    const menu = labels(makeUser('admin'));
    expect(menu).toEqual(
      expect.arrayContaining(['Usuários', 'Perfis', 'Auditoria', 'Certificados', 'Declarações']),
    );
    expect(menu).toContain('Regras de origem');
    expect(sections(makeUser('admin'))).toEqual([
      'Início',
      'Certificados',
      'Declarações',
      'Vínculos',
      'Cadastros',
      'Relatórios',
      'Administração',
    ]);
  });

  it('hides users, roles and audit from an exporter', () => {
    const menu = labels(makeUser('exportador'));
    expect(menu).not.toContain('Usuários');
    expect(menu).not.toContain('Perfis');
    expect(menu).not.toContain('Auditoria');
    expect(menu).toEqual(expect.arrayContaining(['Certificados', 'Declarações', 'Empresas']));
    expect(sections(makeUser('exportador'))).not.toContain('Administração');
  });

  it('shows each side of a link only the screens the spec names for it', () => {
    const exporter = labels(makeUser('exportador'));
    expect(exporter).toContain('Vínculos do exportador');
    expect(exporter).toContain('Solicitar vínculo com despachante');
    expect(exporter).not.toContain('Vínculos do despachante');
    expect(exporter).not.toContain('Solicitar vínculo com exportador');

    const dispatcher = labels(makeUser('despachante'));
    expect(dispatcher).toContain('Vínculos do despachante');
    expect(dispatcher).toContain('Solicitar vínculo com exportador');
    expect(dispatcher).not.toContain('Vínculos do exportador');
  });

  it('lists origin rules only for admin and analista, even with the permission', () => {
    expect(labels(makeUser('analista'))).toContain('Regras de origem');
    const association = makeUser('associacao', {
      permissions: [...DEFAULT_ROLE_PERMISSIONS.associacao, 'origin_rule.view'],
    });
    expect(labels(association)).not.toContain('Regras de origem');
  });

  it('gives a user without permissions only Início, and a visitor nothing', () => {
    expect(labels(makeUser('fabricante', { permissions: [] }))).toEqual(['Início']);
    expect(buildMenu(null)).toEqual([]);
  });
});

describe('selectedMenuPath', () => {
  it('highlights the screen itself or the list a detail belongs to', () => {
    expect(selectedMenuPath('/usuarios')).toBe('/usuarios');
    expect(selectedMenuPath('/usuarios/12')).toBe('/usuarios');
    expect(selectedMenuPath('/despachante/4')).toBe('/despachantes');
    expect(selectedMenuPath('/configuracao/perfil/2')).toBe('/configuracao/perfil');
    expect(selectedMenuPath('/')).toBe('/');
    expect(selectedMenuPath('/nao-existe')).toBeUndefined();
  });
});

describe('the menu of the built screens (issue 9, item 6)', () => {
  const built = (user: Parameters<typeof buildMenu>[0]) =>
    buildMenu(user, DELIVERED_ROUTES).flatMap((section) => section.items.map((item) => item.path));

  it('lists only routes whose screen exists, for every role', () => {
    for (const role of [
      'admin',
      'analista',
      'exportador',
      'despachante',
      'associacao',
      'federacao',
      'confederacao',
      'fabricante',
    ] as const) {
      for (const path of built(makeUser(role))) {
        expect(
          DELIVERED_ROUTES.some((route) => route.path === path),
          `${role}: ${path}`,
        ).toBe(true);
      }
      for (const route of ROUTES.filter((r) => !(r.path in SCREENS))) {
        expect(built(makeUser(role)), route.path).not.toContain(route.path);
      }
    }
  });

  it('an area appears once one of its screens is built, and not before', () => {
    const admin = makeUser('admin');
    const sections = buildMenu(admin, DELIVERED_ROUTES).map((section) => section.label);
    expect(sections).toContain('Cadastros');
    for (const group of MENU_GROUPS) {
      // Integrações is for the parties that own records (issue 25), not for the administrator.
      const built = DELIVERED_ROUTES.some((route) => route.menu === group.key && canSeeRoute(route, admin));
      expect(sections.includes(group.label), group.label).toBe(built);
    }
    const exporterSections = buildMenu(makeUser('exportador'), DELIVERED_ROUTES).map((s) => s.label);
    expect(exporterSections).toContain('Integrações');
    expect(sections).not.toContain('Integrações');
  });
});
