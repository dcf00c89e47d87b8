import { expect, test } from './fixtures';

// Each role's menu and the screens it opens are walked by sweep.ts (the matrix: role-menus.ts).
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
