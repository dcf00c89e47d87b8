import type { Page } from '@playwright/test';
import { answerDialog, demoEmail, expect, expectSuccess, loginAs, loginAsRole, test } from './fixtures';

const ROLES = '/configuracao/perfil';

/** The admin opens the roles list through the side menu. */
async function openRoles(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Perfis' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));
  await expect(page.getByRole('heading', { name: 'Perfis', level: 1 })).toBeVisible();
}

/** The table row of a role, found by its identifier (shown under the label). */
function roleRow(page: Page, slug: string) {
  return page
    .getByRole('table', { name: 'Lista de perfis' })
    .getByRole('row')
    .filter({ has: page.getByText(slug, { exact: true }) });
}

/** Admin: list → edit the role → set one permission → save. */
async function setPermission(page: Page, slug: string, permission: string, on: boolean): Promise<void> {
  await openRoles(page);
  await roleRow(page, slug)
    .getByRole('link', { name: /^Editar/ })
    .click();
  const box = page.getByRole('checkbox', { name: permission });
  await expect(box).toBeVisible();
  await expect(box).toBeChecked({ checked: !on });
  await box.setChecked(on);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectSuccess(page, 'Perfil editado com sucesso!');
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));
}

function auditLink(page: Page) {
  return page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Auditoria', exact: true });
}

test('a permission given to the Exportador role reaches exporters at their next sign-in, and goes away again', async ({
  page,
  browser,
}) => {
  await loginAsRole(page, 'admin');
  await openRoles(page);
  await roleRow(page, 'exportador')
    .getByRole('link', { name: /^Editar/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Exportador', level: 1 })).toBeVisible();
  // The role's tag (a permission group may be called "Sistema" too).
  await expect(page.locator('.ant-tag').getByText('Sistema', { exact: true })).toBeVisible();
  // A system role keeps its identifier and type.
  await expect(page.getByLabel('Identificador')).toBeDisabled();

  await setPermission(page, 'exportador', 'Ver e exportar a auditoria', true);

  // The exporter, in a browser of their own, now finds the audit log in the menu.
  const exporterContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const exporter = await exporterContext.newPage();
  try {
    await loginAs(exporter, demoEmail('exportador'));
    await expect(exporter.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(auditLink(exporter)).toBeVisible();

    await setPermission(page, 'exportador', 'Ver e exportar a auditoria', false);

    await exporter.getByRole('button', { name: 'Sair' }).click();
    await expect(exporter).toHaveURL(/\/welcome$/);
    await loginAs(exporter, demoEmail('exportador'));
    await expect(exporter.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(
      exporter
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Empresas', exact: true }),
    ).toBeVisible();
    await expect(auditLink(exporter)).toHaveCount(0);
  } finally {
    await exporterContext.close();
  }
});

test('the admin creates a role with two permissions, finds it in the list and deletes it', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const label = `Conferente E2E ${stamp}`;
  const slug = `conferente_e2e_${stamp}`;

  await loginAsRole(page, 'admin');
  await openRoles(page);
  await page.getByRole('button', { name: 'Novo perfil' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROLES}/novo$`));
  await expect(page.getByRole('heading', { name: 'Novo perfil', level: 1 })).toBeVisible();

  await page.getByLabel('Nome de exibição').fill(label);
  // The identifier is suggested from the label.
  await expect(page.getByLabel('Identificador')).toHaveValue(slug);
  const type = page.getByLabel('Tipo');
  await type.click();
  await type.fill('Associação');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('form', { name: 'Novo perfil' }).getByTitle('Associação Comercial'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Ver o painel' }).check();
  await page.getByRole('checkbox', { name: 'Ver certificados' }).check();
  await expect(page.getByText('Selecionadas: 2 de')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectSuccess(page, 'Perfil cadastrado com sucesso!');
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));

  // Found by the name filter, which lands in the address.
  await page.getByRole('textbox', { name: 'Nome' }).fill(stamp);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`role=${stamp}`));
  const row = roleRow(page, slug);
  await expect(row).toHaveCount(1);
  await expect(row.getByText(label, { exact: true })).toBeVisible();
  await expect(row.getByText('Associação Comercial')).toBeVisible();
  await expect(row.getByText('Ativo')).toBeVisible();

  // The two permissions were stored.
  await row.getByRole('link', { name: /^Editar/ }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Ver o painel' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Ver certificados' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Criar e enviar certificados' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));

  await page.getByRole('textbox', { name: 'Nome' }).fill(stamp);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await roleRow(page, slug)
    .getByRole('button', { name: /^Excluir/ })
    .click();
  await answerDialog(page, `Excluir o perfil "${label}"?`, 'Excluir');
  await expectSuccess(page, 'Perfil excluído com sucesso!');
  await expect(page.getByText(label, { exact: true })).toHaveCount(0);
  await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
});

test('a taken identifier is refused next to the field; system roles cannot be deleted from the list', async ({
  page,
}) => {
  await loginAsRole(page, 'admin');
  await openRoles(page);
  await page.getByRole('button', { name: 'Novo perfil' }).click();
  await page.getByLabel('Nome de exibição').fill('Outro exportador');
  const identifier = page.getByLabel('Identificador');
  await identifier.fill('exportador');
  const type = page.getByLabel('Tipo');
  await type.click();
  await type.fill('Exportador');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(identifier).toHaveAttribute('aria-invalid', 'true');
  await expect(identifier).toHaveAccessibleDescription('Já existe um perfil com este nome.');
  await expect(page.getByText('Corrija os erros e tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ROLES}/novo$`));

  // Leaving with the typed data asks first.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await answerDialog(page, 'Sair sem salvar?', 'Sair sem salvar');
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));

  const table = page.getByRole('table', { name: 'Lista de perfis' });
  const systemRows = table
    .getByRole('row')
    .filter({ hasText: 'Sistema' })
    .filter({ has: page.getByRole('link', { name: /^Editar/ }) });
  await expect(systemRows).toHaveCount(8);
  for (const slug of [
    'admin',
    'analista',
    'exportador',
    'despachante',
    'associacao',
    'federacao',
    'confederacao',
    'fabricante',
  ]) {
    const row = roleRow(page, slug);
    await expect(row.getByRole('link', { name: /^Editar/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Excluir/ })).toHaveCount(0);
  }
});
