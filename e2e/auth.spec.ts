import {
  createUserWithPassword,
  demoEmail,
  expect,
  expectSuccess,
  linkIn,
  loginAs,
  loginAsRole,
  mailCount,
  test,
  waitForMail,
} from './fixtures';

test('a visitor opening a protected screen is sent to /welcome', async ({ page }) => {
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(
    page
      .getByRole('link', { name: 'Entrar' })
      .or(page.getByRole('button', { name: 'Entrar' }))
      .first(),
  ).toBeVisible();
});

test('an unknown path shows the error page', async ({ page }) => {
  await page.goto('/caminho/que/nao/existe');
  await expect(page.getByText('Página não encontrada')).toBeVisible();
});

test('wrong credentials keep the user on /login with the server message', async ({ page }) => {
  await loginAs(page, demoEmail('analista'), 'senhaErrada1');
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('login lands on the home page greeting the user; logout goes to /welcome', async ({ page }) => {
  await loginAsRole(page, 'analista');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Bruno Analista').first()).toBeVisible();
  await expect(page.getByText('Analista', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  // The session is really gone: a protected screen sends the visitor away again.
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('forgot password: the e-mailed link sets a new password that then signs in', async ({
  page,
  request,
}) => {
  const { email, password: oldPassword } = await createUserWithPassword(request);
  const before = await mailCount();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/esqueceu-senha$/);
  // The address changes before the lazily loaded screen replaces the login form (which has an E-mail field too).
  await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /Enviar/ }).click();
  await expect(page.getByText(/Se o e-mail estiver cadastrado/)).toBeVisible();

  const mail = await waitForMail(email, 'redefinição de senha', before);
  await page.goto(linkIn(mail).replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Nova senha').fill('Despacho2026');
  await page.getByLabel('Confirmação de senha').fill('Despacho2026');
  await page.getByRole('button', { name: /Salvar|Redefinir/ }).click();
  await expect(page).toHaveURL(/\/login/);

  await loginAs(page, email, 'Despacho2026');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();

  // The old password no longer works.
  await loginAs(page, email, oldPassword);
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
});

test('a signed-in user changes the password at /redefinir-senha', async ({ page, request }) => {
  const user = await createUserWithPassword(request, 'analista', 'Inicial2026');
  await loginAs(page, user.email, user.password);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await page.goto('/redefinir-senha');
  await page.getByLabel('Senha atual').fill('senhaErrada1');
  await page.getByLabel('Nova senha').fill('Confed2026x');
  await page.getByLabel('Confirmação de senha').fill('Confed2026x');
  await page.getByRole('button', { name: /Salvar|Alterar/ }).click();
  await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();

  await page.getByLabel('Senha atual').fill(user.password);
  await page.getByRole('button', { name: /Salvar|Alterar/ }).click();
  await expectSuccess(page, 'Senha alterada com sucesso!');
  await page.getByRole('button', { name: 'Sair' }).click();
  await loginAs(page, user.email, 'Confed2026x');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
});
