import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expect, test } from './fixtures';

/**
 * Keyboard-only journeys (issue 22): a person who cannot use a mouse signs in, and an analyst approves a
 * certificate, with Tab, Shift+Tab, Enter, Space and typing only. Locators only read the page (where focus is,
 * what it says); every action is a key press.
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `${limit} Tabs sem chegar ao alvo`).toBeFocused();
}

/** The flow's success message: a dialog closed with Enter on its OK, or a toast that needs nothing. */
async function acknowledge(page: Page, text: string): Promise<void> {
  const message = page.getByText(text).filter({ visible: true }).first();
  await expect(message).toBeVisible();
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  if ((await dialog.count()) === 0) return;
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('signs in with the keyboard only', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('E-mail');
  await tabTo(page, email);
  await page.keyboard.type(demoEmail('analista'));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // Signing in checks the password hash: slow on a busy machine.
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
});

// Known defect (issue 22): Tab reaches the side menu's "Certificados" link, but Enter on it leaves the user on the
// home page (antd's Menu takes the key). Fixme until the menu navigates on Enter.
test.describe('side menu', () => {
  test.use({ role: 'analista' });
  test.fixme('follows a side-menu item with Enter', async ({ page }) => {
    await page.goto('/');
    const certificates = page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Certificados', exact: true });
    await tabTo(page, certificates);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  });
});

test.describe('analyst', () => {
  test.use({ role: 'analista' });

  test('approves a certificate in analysis with the keyboard only', async ({ page }) => {
    test.setTimeout(180_000);
    // The demo certificate the analyst has taken (seed: invoice FC-2026-0398), found through the list's filter.
    await page.goto('/certificado');
    await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
    const invoiceFilter = page.getByLabel('Nº da fatura');
    await tabTo(page, invoiceFilter);
    await page.keyboard.type('FC-2026-0398');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/invoice_number=FC-2026-0398/);
    const analyse = page.getByRole('button', { name: /^Analisar Certificado nº \d+$/ });
    await expect(analyse).toHaveCount(1);
    await tabTo(page, analyse);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/certificado-analise\/\d+$/);
    const status = page.locator('header .ant-tag').first();
    await expect(status).toHaveText('Em análise');

    const approve = page.getByRole('button', { name: 'Aprovar e emitir' });
    await tabTo(page, approve);
    await page.keyboard.press('Enter');
    // The confirmation: Tab reaches its "Aprovar e emitir" (wherever focus opens), Space presses it.
    const confirmation = page.getByRole('dialog').filter({ hasText: 'O número será atribuído agora.' });
    await expect(confirmation).toBeVisible();
    await tabTo(page, confirmation.getByRole('button', { name: 'Aprovar e emitir' }), { limit: 6 });
    await page.keyboard.press('Space');
    await acknowledge(page, 'Certificado APROVADO e EMITIDO com sucesso!');
    await expect(status).toHaveText('Emitido');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Certificado BR[A-Z0-9]{3}A18\d{12}$/);
  });
});
