import type { Locator, Page } from '@playwright/test';
import {
  answerDialog,
  choose,
  expect,
  expectSuccess,
  linkIn,
  mailCount,
  test,
  waitForMail,
} from './fixtures';

const ASSOCIATION = 'Associação Comercial de Santos';
// A CPF with valid check digits, and the same digits with the last one wrong.
const VALID_CPF = '529.982.247-25';
const INVALID_CPF = '529.982.247-26';

let sequence = 0;
/** Names that sort early (the list is ordered by name), unique per run. */
function uniqueUser() {
  sequence += 1;
  const stamp = `${Date.now()}${sequence}`;
  return { name: `Alice Teste ${stamp}`, email: `alice.${stamp}@origem.local` };
}

function userForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Dados do usuário' });
}

function filters(page: Page): Locator {
  return page.getByRole('search', { name: 'Filtros' });
}

async function filterByName(page: Page, name: string): Promise<void> {
  await filters(page).getByRole('textbox', { name: 'Nome' }).fill(name);
  await filters(page).getByRole('button', { name: 'Filtrar' }).click();
}

test.describe('admin manages a user through the screens', () => {
  // One user goes through create → edit → delete.
  test.describe.configure({ mode: 'serial' });
  const user = uniqueUser();
  const renamed = `${user.name} Editada`;

  test('creates a user: success dialog, back on the list, welcome e-mail sent', async ({ pageAs }) => {
    const mailsBefore = await mailCount();
    const page = await pageAs('admin');
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await expect(page).toHaveURL(/\/usuarios\/novo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeVisible();
    await expect(page.getByText(/e-mail com o link para definir a senha/)).toBeVisible();

    const form = userForm(page);
    await form.getByRole('textbox', { name: 'Nome' }).fill(user.name);
    await form.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await form.getByRole('textbox', { name: 'CPF' }).fill('52998224725');
    await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveValue(VALID_CPF);
    await form.getByRole('textbox', { name: 'Telefone' }).fill('13987654321');
    await expect(form.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(13) 98765-4321');

    // No entity select until the role says which one.
    await expect(form.getByRole('combobox', { name: 'Associação comercial' })).toHaveCount(0);
    await choose(form, 'Perfil', 'Analista');
    await expect(form.getByRole('combobox', { name: 'Federação' })).toHaveCount(0);
    await choose(form, 'Associação comercial', ASSOCIATION);
    await form.getByRole('button', { name: 'Salvar' }).click();

    await expectSuccess(page, 'Usuário cadastrado com sucesso!');
    await expect(page).toHaveURL(/\/usuarios$/);
    const row = page.getByRole('row', { name: new RegExp(user.name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(user.email);
    await expect(row).toContainText(VALID_CPF);
    await expect(row).toContainText('Analista');
    await expect(row).toContainText(ASSOCIATION);
    await expect(row).toContainText('Ativo');

    const mail = await waitForMail(user.email, 'acesso foi criado', mailsBefore);
    expect(linkIn(mail)).toContain('/redefinir-senha?token=');
  });

  test("edits the user's name and sees it in the list", async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto('/usuarios');
    await filterByName(page, user.name);
    await expect(page).toHaveURL(/name=/);
    await page.getByRole('button', { name: `Editar ${user.name}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
    const form = userForm(page);
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(user.email);
    await expect(form.getByRole('combobox', { name: 'Associação comercial' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Nome' }).fill(renamed);
    await form.getByRole('button', { name: 'Salvar' }).click();

    await expectSuccess(page, 'Usuário editado com sucesso!');
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${user.name} `) })).toHaveCount(1);
  });

  test('deletes the user from its screen after confirming', async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto('/usuarios');
    await page.getByRole('button', { name: `Editar ${renamed}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.getByRole('button', { name: 'Excluir' }).click();

    await answerDialog(page, `Excluir o usuário ${renamed}?`, 'Excluir');
    await expectSuccess(page, 'Usuário excluído com sucesso!');
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('row', { name: /Bruno Analista/ })).toBeVisible();
    await expect(page.getByText(renamed)).toHaveCount(0);
    await expect(page.getByText('Registro não encontrado.')).toHaveCount(0);
  });
});

test('bad input stays on the form with the messages next to the fields; nothing is created', async ({
  pageAs,
}) => {
  const user = uniqueUser();
  const page = await pageAs('admin');
  await page.goto('/usuarios/novo');
  const form = userForm(page);
  await form.getByRole('textbox', { name: 'Nome' }).fill(user.name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill('analista@origem.local');
  await form.getByRole('textbox', { name: 'CPF' }).fill(INVALID_CPF);
  await choose(form, 'Perfil', 'Analista');
  await choose(form, 'Associação comercial', ASSOCIATION);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByRole('textbox', { name: 'CPF' })).toHaveAccessibleDescription('CPF inválido.');
  await expect(page).toHaveURL(/\/usuarios\/novo$/);

  // With a valid CPF the server answers for the e-mail, next to its field and without any dialog.
  await form.getByRole('textbox', { name: 'CPF' }).fill(VALID_CPF);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    'Este e-mail já está em uso por outro usuário.',
  );
  await expect(form.getByRole('alert')).toContainText('Corrija os erros e tente novamente.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/usuarios\/novo$/);

  // Leaving asks first, because nothing was saved.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await answerDialog(page, 'Sair sem salvar?', 'Sair sem salvar');
  await expect(page).toHaveURL(/\/usuarios$/);
  await filterByName(page, user.name);
  await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
});

test("the association's user sees only the users of its association", async ({ pageAs }) => {
  const page = await pageAs('associacao');
  await page.goto('/usuarios');
  await expect(page.getByRole('row', { name: /Elisa Associação/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Bruno Analista/ })).toContainText(ASSOCIATION);
  await expect(page.getByRole('row', { name: /Carla Exportadora/ })).toBeVisible();
  await expect(page.getByText('Ana Administradora')).toHaveCount(0);
  await expect(page.getByText('Fábio Federação')).toHaveCount(0);
  await expect(page.getByText('Gabriela Confederação')).toHaveCount(0);
  // It manages its association's staff, not the exporters' users.
  await expect(page.getByRole('button', { name: 'Novo usuário' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar Bruno Analista' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver Carla Exportadora' })).toBeVisible();
});

test('the analyst may look at users but not create, edit or delete them', async ({ pageAs }) => {
  const page = await pageAs('analista');
  await page.goto('/usuarios');
  await expect(page.getByRole('row', { name: /Elisa Associação/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo usuário' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Ver Elisa Associação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elisa Associação' })).toBeVisible();
  await expect(page.getByText('associacao@origem.local')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
