import { violations } from './axe';
import { expect, test } from './fixtures';
import { openScreen } from './screens';
import { sweepRoles } from './sweep';

// The parties' screens (exporter, dispatcher, manufacturer): e2e/sweep.ts. Then the public pages.
sweepRoles('party');

test('axe on the public pages, empty and with the errors of an empty submit', async ({ page }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  for (const path of [
    '/welcome',
    '/login',
    '/esqueceu-senha',
    '/pre-cadastro',
    '/verificar-cod',
    '/verificar-documento',
  ]) {
    await openScreen(page, path);
    found.push(...(await violations(page, path)));
    const submit = page.locator('main form button[type="submit"]').first();
    if ((await submit.count()) === 0) continue;
    await submit.click();
    // antd's field errors, or the sign-in form's own (its fields marked invalid).
    const errors = page.locator('.ant-form-item-explain-error, [aria-invalid="true"]');
    await expect(errors.first(), path).toBeVisible();
    found.push(...(await violations(page, `${path} (enviado vazio)`)));
  }
  // A verification code nobody issued: the page that tells a customs officer so.
  await openScreen(page, '/verificar/CODIGOINEXISTENTE1');
  found.push(...(await violations(page, '/verificar/CODIGOINEXISTENTE1')));
  expect(found, found.join('\n')).toEqual([]);
});
