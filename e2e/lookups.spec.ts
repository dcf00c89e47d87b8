import type { Page } from '@playwright/test';
import { answerDialog, expect, expectSuccess, test } from './fixtures';

/** Opens the hub from the side menu, then one table from its card. */
async function openTable(page: Page, title: string, slug: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Tabelas auxiliares' })
    .click();
  await expect(page).toHaveURL(/\/cadastros$/);
  await expect(page.getByRole('heading', { name: 'Tabelas auxiliares', level: 1 })).toBeVisible();
  await page
    .getByRole('region', { name: 'Listas de valores' })
    .getByRole('link', { name: title, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cadastros/tabelas/${slug}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

function table(page: Page, name: string) {
  return page.getByRole('table', { name });
}

/** Fills the currency dialog and saves it. */
async function fillCurrency(
  page: Page,
  title: string,
  values: { code: string; name: string; symbol: string },
) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Código ISO').fill(values.code);
  await dialog.getByLabel('Nome').fill(values.name);
  await dialog.getByLabel('Símbolo').fill(values.symbol);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return dialog;
}

test('the admin creates, edits and deletes a currency; a repeated code is refused next to its field', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/');
  await openTable(page, 'Moedas', 'moedas');
  const currencies = table(page, 'Lista de moedas');
  await expect(currencies.getByRole('cell', { name: 'USD', exact: true })).toBeVisible();

  // Create: the code is stored upper-case.
  await page.getByRole('button', { name: 'Nova moeda' }).click();
  const dialog = await fillCurrency(page, 'Nova moeda', { code: 'chf', name: 'Franco suíço', symbol: 'Fr' });
  await expectSuccess(page, 'Registro cadastrado com sucesso!');
  await expect(dialog).toBeHidden();
  const row = currencies.getByRole('row').filter({ hasText: 'Franco suíço' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'CHF', exact: true })).toBeVisible();

  // The same code again: the server's message shows under the field, the dialog stays open.
  await page.getByRole('button', { name: 'Nova moeda' }).click();
  const again = await fillCurrency(page, 'Nova moeda', { code: 'chf', name: 'Franco', symbol: 'F' });
  const code = again.getByLabel('Código ISO');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription('Já existe um registro com este valor de "Código ISO".');
  await again.getByRole('button', { name: 'Cancelar' }).click();
  // Typed and not saved: the screen asks before throwing the changes away.
  // Through answerDialog: a click that lands while the question is still zooming in is ignored by antd.
  await answerDialog(page, 'Sair sem salvar?', 'Sair sem salvar');
  await expect(again).toBeHidden();

  // Edit.
  await row.getByRole('button', { name: 'Editar Franco suíço' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar moeda' });
  await expect(edit.getByLabel('Código ISO')).toHaveValue('CHF');
  await edit.getByLabel('Símbolo').fill('CHF');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectSuccess(page, 'Registro editado com sucesso!');
  await expect(row.getByRole('cell', { name: 'CHF', exact: true })).toHaveCount(2);

  // Search, then delete after confirming.
  await page.getByRole('textbox', { name: 'Pesquisar' }).fill('franco');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]q=franco/);
  await expect(currencies.getByRole('cell', { name: 'USD', exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Excluir Franco suíço' }).click();
  await answerDialog(page, 'Excluir moeda "Franco suíço"?', 'Excluir');
  await expectSuccess(page, 'Registro excluído com sucesso!');
  await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a fixed table offers no changes, not even to the admin', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/');
  await openTable(page, 'Tipos de empresa', 'tipos-empresa');
  const types = table(page, 'Lista de tipos de empresa');
  await expect(types.getByRole('cell', { name: 'Fabricante', exact: true })).toBeVisible();
  await expect(page.getByText('Somente leitura')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Nov[oa] / })).toHaveCount(0);
  await expect(types.getByRole('button')).toHaveCount(0);
});

test('the exporter sees the tables read-only', async ({ pageAs }) => {
  const page = await pageAs('exportador');
  await page.goto('/');
  await openTable(page, 'Moedas', 'moedas');
  const currencies = table(page, 'Lista de moedas');
  await expect(currencies.getByRole('cell', { name: 'USD', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova moeda' })).toHaveCount(0);
  await expect(currencies.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
  await expect(currencies.getByRole('button')).toHaveCount(0);
  // A link to the create dialog opens nothing for them.
  await page.goto('/cadastros/tabelas/moedas?registro=novo');
  await expect(currencies.getByRole('cell', { name: 'USD', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
