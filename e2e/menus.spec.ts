import { expect, loginAsRole, test } from './fixtures';

// What each demo role must and must not find in its side menu (DOMAIN.md §2 default matrix).
const MENUS: Record<string, { sees: string[]; hidden: string[] }> = {
  admin: {
    sees: ['Usuários', 'Perfis', 'Auditoria', 'Regras de origem', 'Certificados', 'Federações'],
    hidden: [],
  },
  analista: {
    sees: ['Certificados', 'Declarações', 'Regras de origem', 'Pré-cadastros', 'Usuários', 'Auditoria'],
    hidden: ['Perfis'],
  },
  associacao: {
    sees: ['Usuários', 'Auditoria', 'Pré-cadastros', 'Certificados'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  federacao: {
    sees: ['Usuários', 'Auditoria', 'Faturamento por federação'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  confederacao: {
    sees: ['Auditoria', 'Certificados', 'Confederações'],
    hidden: ['Perfis', 'Regras de origem'],
  },
  exportador: {
    sees: ['Certificados', 'Declarações', 'Responsáveis legais', 'Vínculos do exportador'],
    hidden: ['Usuários', 'Perfis', 'Auditoria', 'Regras de origem', 'Pré-cadastros'],
  },
  despachante: {
    sees: ['Certificados', 'Vínculos do despachante', 'Solicitar vínculo com exportador'],
    hidden: ['Usuários', 'Auditoria', 'Perfis', 'Regras de origem', 'Pré-cadastros'],
  },
  fabricante: {
    sees: ['Declarações', 'Vínculos de declaração'],
    hidden: ['Certificados', 'Usuários', 'Auditoria', 'Regras de origem'],
  },
};

for (const [role, menu] of Object.entries(MENUS)) {
  test(`${role} sees only its menu`, async ({ page }) => {
    await loginAsRole(page, role);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of menu.sees)
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    for (const item of menu.hidden)
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
  });
}

test('an exporter typing /regras-origem is turned away', async ({ page }) => {
  await loginAsRole(page, 'exportador');
  await page.goto('/regras-origem');
  await expect(page).toHaveURL(/\/$/);
});

test('screens of later issues say so plainly', async ({ page }) => {
  await loginAsRole(page, 'admin');
  await page.goto('/certificado');
  await expect(page.getByText('Em construção')).toBeVisible();
});
