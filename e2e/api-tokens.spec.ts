import { answerDialog, DEMO_PASSWORD, expect, test } from './fixtures';
import { apiOf, demoCertificateInput } from './signature-steps';

test.use({ role: 'exportador' });

/**
 * Issue 25: an exporter creates a personal API token in the browser (shown once), its ERP creates a certificate
 * draft with it (Idempotency-Key: a retry creates nothing new), the list shows the last use, and once revoked the
 * token is refused with 401.
 */
test('a token created in the browser creates a draft through the API until it is revoked', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.locator('header').getByRole('button').filter({ hasText: 'Exportador' }).first().click();
  // A dropdown ignores a click that lands while it is still sliding open.
  const userMenu = page.locator('.ant-dropdown:visible');
  await expect(userMenu).not.toHaveClass(/ant-slide-(up|down)-(appear|enter)/);
  await userMenu.getByRole('menuitem', { name: 'Tokens de API' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens de API' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo token de API' });
  await dialog.getByLabel('Nome').fill('ERP da matriz');
  await dialog.getByRole('checkbox', { name: 'Certificados: Ver certificados' }).check();
  await dialog.getByRole('checkbox', { name: 'Certificados: Criar e enviar certificados' }).check();
  await dialog.getByLabel('Sua senha').fill('errada');
  await dialog.getByRole('button', { name: 'Criar token' }).click();
  await expect(dialog.getByText('Senha incorreta.')).toBeVisible();
  await dialog.getByLabel('Sua senha').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Criar token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token criado' });
  const field = shown.getByLabel('Token de API criado');
  await expect(field).toHaveValue(/^orig_[\w-]{43}$/);
  const token = await field.inputValue();
  await shown.getByRole('button', { name: 'Concluir' }).click();
  const row = page.getByRole('row').filter({ hasText: 'ERP da matriz' });
  await expect(row.getByText('Nunca usado')).toBeVisible();

  // The ERP: the request body from the demo data, the calls with the token alone.
  const { data } = await demoCertificateInput(await apiOf(page, request), false);
  const headers = { authorization: `Bearer ${token}`, 'idempotency-key': `erp-${Date.now()}` };
  const created = await request.post('/v1/certificate', { headers, data });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const retried = await request.post('/v1/certificate', { headers, data });
  expect(((await retried.json()) as { id: number }).id).toBe(id);
  const polled = await request.get(`/v1/certificate/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await polled.json()) as { status: string }).status).toBe('RASCUNHO');
  // Never user management.
  const detail = await request.get('/v1/user/detail', { headers: { authorization: `Bearer ${token}` } });
  expect(detail.status()).toBe(403);

  await page.reload();
  await expect(row.getByText('Nunca usado')).toHaveCount(0);
  await row.getByRole('button', { name: 'Revogar o token ERP da matriz' }).click();
  await answerDialog(page, 'Revogar o token', 'Revogar');
  await expect(page.getByText('Token revogado.')).toBeVisible();
  await expect(row.getByText('Revogado')).toBeVisible();

  const refused = await request.get(`/v1/certificate/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('Token de API revogado.');
});
