import { DEFAULT_ROLE_PERMISSIONS } from '@origem/contract/permissions';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test-utils';
import { buildMenu, selectedMenuPath } from './menu';

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
