import { expect, test } from './fixtures';
import { menuPaths, openScreen, sideMenu } from './menu-walk';

// What each demo role must and must not find in its side menu: the built screens its permissions reach (DOMAIN.md
// §2 default matrix). Screens not built yet are in nobody's menu (issue 9, item 6).
const MENUS: Record<string, { sees: string[]; hidden: string[] }> = {
  admin: {
    sees: [
      'Usuários',
      'Perfis',
      'Auditoria',
      'Regras de origem',
      'Federações',
      'Pré-cadastros',
      'Tarefas em segundo plano',
    ],
    hidden: [],
  },
  analista: {
    sees: ['Regras de origem', 'Pré-cadastros', 'Usuários', 'Auditoria', 'Exportadores'],
    hidden: ['Perfis', 'Tarefas em segundo plano'],
  },
  associacao: {
    sees: ['Usuários', 'Auditoria', 'Pré-cadastros', 'Empresas'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  federacao: {
    sees: ['Usuários', 'Auditoria', 'Associações comerciais'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  confederacao: {
    sees: ['Auditoria', 'Confederações', 'Federações'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  exportador: {
    sees: ['Empresas', 'Responsáveis legais', 'Exportadores', 'Vínculos do exportador'],
    hidden: [
      'Usuários',
      'Perfis',
      'Auditoria',
      'Regras de origem',
      'Pré-cadastros',
      'Despachantes',
      'Vínculos do despachante',
    ],
  },
  despachante: {
    sees: ['Empresas', 'Exportadores', 'Despachantes', 'Vínculos do despachante'],
    hidden: [
      'Usuários',
      'Auditoria',
      'Perfis',
      'Regras de origem',
      'Pré-cadastros',
      'Vínculos do exportador',
    ],
  },
  fabricante: {
    sees: ['Empresas', 'Acordos'],
    hidden: ['Usuários', 'Auditoria', 'Regras de origem', 'Exportadores'],
  },
};

/**
 * Roles whose every menu item is opened: the administrator (every built screen) and the three party roles, whose
 * scopes differ most. The staff roles' menus are subsets of the administrator's, checked by their links.
 */
const VISIT_ALL = new Set(['admin', 'exportador', 'despachante', 'fabricante']);

for (const [role, menu] of Object.entries(MENUS)) {
  test.describe(role, () => {
    test.use({ role });

    test(`${role} sees only built screens its permissions reach, and each of them opens`, async ({
      page,
    }) => {
      // It opens every screen of the menu: the time grows with the screens (46 s for the administrator's on a slow
      // machine), not with a state waited for.
      test.setTimeout(180_000);
      // A screen that asks the server for something the role may not read is a screen it should not be offered.
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(`${new URL(response.url()).pathname} em ${page.url()}`);
      });
      await page.goto('/');
      const paths = await menuPaths(page);
      const nav = sideMenu(page);
      for (const item of menu.sees)
        await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
      for (const item of menu.hidden)
        await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);

      // Every item leads to a working screen: never the 404 page, never "sem permissão".
      for (const path of VISIT_ALL.has(role) ? paths : []) await openScreen(page, path);
      expect(refused).toEqual([]);
    });
  });
}

test.describe('forbidden and not found: one page each, never a dialog (issue 9, item 9)', () => {
  test('an exporter typing /regras-origem gets "sem permissão" with a way back, not a silent redirect', async ({
    pageAs,
  }) => {
    const page = await pageAs('exportador');
    await page.goto('/regras-origem');
    await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
    await expect(page).toHaveURL(/\/regras-origem$/);
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an unknown address shows the 404 page inside the menu, never "Em construção"', async ({ pageAs }) => {
    const page = await pageAs('admin');
    // The unit tests (apps/web/src/app) check every route of the table whose screen is not built yet.
    for (const path of ['/nada-aqui', '/usuarios/1/extra']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Página não encontrada' }), path).toBeVisible();
      await expect(page.getByText(/Em construção/)).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    }
  });

  test('a record that does not exist shows the 404 page alone, without the dialog on top', async ({
    pageAs,
  }) => {
    const page = await pageAs('admin');
    await page.goto('/usuarios/999999');
    await expect(page.getByRole('heading', { name: 'Registro não encontrado.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para os usuários' })).toBeVisible();
    // A dialog would need the answer handled and antd's modal code loaded: once the network is idle, neither is
    // still on its way.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
