import {
  DEMO_PASSWORD,
  demoEmail,
  expect,
  freshCode,
  loginAs,
  rememberTotpSecret,
  test,
  toastWith,
} from './fixtures';

/** Issue 24: the second factor in the browser, and sessions seen and ended across browsers. */

test('staff sign in with the authenticator code after the password', async ({ page }) => {
  const email = demoEmail('analista');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await page.getByLabel('Código de verificação').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText('Código de verificação inválido ou já utilizado.');
  await page.getByLabel('Código de verificação').fill(await freshCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
});

test('a party user turns the factor on in Minha conta, signs in with it, and ends another browser session', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = demoEmail('fabricante');
  await loginAs(page, email);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

  // Minha conta, from the header's user menu.
  await page
    .getByRole('button', { name: /Fabricante/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).click();
  const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  rememberTotpSecret(email, secret);
  await page.getByLabel('Código do aplicativo autenticador', { exact: true }).fill(await freshCode(email));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Verificação em duas etapas ativada.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByText('Ativa', { exact: true })).toBeVisible();

  // Another browser signs in with the code.
  const other = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const second = await other.newPage();
    await loginAs(second, email);
    await expect(second.getByRole('button', { name: 'Sair' })).toBeVisible();

    // The first browser sees both sessions and ends the other one (the most recently used after its own).
    await page.reload();
    const sessions = page.getByRole('table');
    await expect(sessions.getByText('Esta sessão')).toBeVisible();
    await sessions
      .getByRole('button', { name: /^Encerrar / })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Encerrar' }).click();
    await expect(toastWith(page, 'Sessão encerrada com sucesso!')).toBeVisible();

    // Its next request finds the session ended: back to the login.
    await second.goto('/minha-conta');
    await expect(second).toHaveURL(/\/login/);
  } finally {
    await other.close();
  }

  // The demo user is left as it was: the factor off again (a code is needed).
  await page.getByLabel('Código do aplicativo autenticador ou de recuperação').fill(await freshCode(email));
  await page.getByRole('button', { name: 'Desativar' }).click();
  await expect(toastWith(page, 'Verificação em duas etapas desativada.')).toBeVisible();
  rememberTotpSecret(email, '');
});
