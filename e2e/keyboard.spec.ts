import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expect, freshCode, test } from './fixtures';
import { samplePdf } from './legal-representative-steps';

/**
 * Keyboard-only journeys (issue 22): a person who cannot use a mouse signs in, follows the side menu, drafts and
 * sends a certificate, and an analyst approves it, with Tab, Shift+Tab, Enter, Space, arrows and typing only. Locators only read the page (where focus is,
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
  // The analyst's second factor (issue 24): the code, typed, and Enter. Checking the password hash is slow on a
  // busy machine.
  const code = page.getByLabel('Código de verificação');
  await expect(code).toBeVisible({ timeout: 30_000 });
  await tabTo(page, code);
  await page.keyboard.type(await freshCode(demoEmail('analista')));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
});

test.describe('side menu', () => {
  test.use({ role: 'analista' });
  test('follows a side-menu item with Enter', async ({ page }) => {
    await page.goto('/');
    const certificates = page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Certificados', exact: true });
    await tabTo(page, certificates);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
    await expect(page).toHaveURL(/\/certificado$/);
  });
});

/**
 * Picks an option of the antd select `select` with the keyboard: Tab to it, type `typed`, arrow down to the
 * option whose title matches, Enter. A type-ahead select searches the server once the typing pauses (250 ms):
 * the pick waits for that search's answer, so Enter does not land on the list of before the typing; a select
 * over a short list (`searches: false`) filters in the browser.
 */
async function pickWithKeys(
  page: Page,
  select: Locator,
  typed: string,
  option: RegExp,
  { searches = true }: { searches?: boolean } = {},
): Promise<void> {
  await tabTo(page, select);
  const searched = searches
    ? page.waitForResponse((response) => decodeURIComponent(response.url()).includes(`=${typed}&`))
    : null;
  await page.keyboard.type(typed);
  await searched;
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.getByTitle(option).first()).toBeVisible();
  const active = dropdown.locator('.ant-select-item-option-active');
  for (let presses = 0; presses < 10; presses += 1) {
    if (option.test((await active.getAttribute('title').catch(() => null)) ?? '')) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveAttribute('title', option);
  await page.keyboard.press('Enter');
  await expect(dropdown).toHaveCount(0);
  // The choice shows in the closed select.
  const field = select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(field).toContainText(option);
}

/** Tab to `target` and press Enter on it. */
async function activate(page: Page, target: Locator, options?: { back?: boolean; limit?: number }) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

test('the exporter drafts and sends a certificate, the analyst approves it, with the keyboard only', async ({
  pageAs,
}) => {
  test.setTimeout(240_000);
  const invoice = `FC-KBD-${String(Date.now()).slice(-8)}`;
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const status = (page: Page) => page.locator('header .ant-tag').first();

  // The exporter: the list's "Novo certificado", the header, one item, the invoice PDF, the draft, the sending.
  const page = await pageAs('exportador');
  await page.goto('/certificado');
  await activate(page, page.getByRole('button', { name: 'Novo certificado' }).first());
  await expect(page).toHaveURL(/\/certificado\/novo$/);
  const form = page.getByRole('form', { name: 'Dados do certificado' });
  await pickWithKeys(
    page,
    form.getByRole('combobox', { name: 'Responsável legal' }),
    'Marina',
    /^Marina Tavares Lima/,
  );
  await pickWithKeys(
    page,
    form.getByRole('combobox', { name: 'Importador' }),
    'Rioplatense',
    /Importadora Rioplatense/,
  );
  await pickWithKeys(page, form.getByRole('combobox', { name: 'Acordo' }), 'ACE-18', /^ACE-18 —/, {
    searches: false,
  });
  await tabTo(page, form.getByLabel('Nº da fatura comercial'));
  await page.keyboard.type(invoice);
  const date = form.getByLabel('Data da fatura');
  await tabTo(page, date);
  await page.keyboard.type(today);
  await page.keyboard.press('Enter');
  await expect(date).toHaveValue(today);

  await activate(page, form.getByRole('button', { name: 'Adicionar item' }));
  const item = form.getByRole('group', { name: 'Item 1' });
  await pickWithKeys(
    page,
    item.getByRole('combobox', { name: 'Declaração de origem' }),
    'Revestimento',
    /Revestimento cerâmico esmaltado/,
  );
  await tabTo(page, item.getByLabel('Quantidade'));
  await page.keyboard.type('1200');
  await tabTo(page, item.getByLabel('Valor FOB (US$)'));
  await page.keyboard.type('12240,00');
  await tabTo(page, item.getByLabel('Descrição do NCM impressa no certificado'));
  await page.keyboard.type('Ladrilhos e placas de cerâmica, esmaltados');

  // The upload button opens the system's file picker (Enter); the file is chosen there.
  const chooser = page.waitForEvent('filechooser');
  await activate(page, form.getByRole('button', { name: 'Fatura comercial', exact: true }));
  await (await chooser).setFiles({
    name: 'fatura.pdf',
    mimeType: 'application/pdf',
    buffer: samplePdf(invoice),
  });
  await expect(form.getByText('fatura.pdf')).toBeVisible();

  await activate(page, form.getByRole('button', { name: 'Criar rascunho' }));
  await acknowledge(page, 'Certificado cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/certificado\/\d+$/);
  const id = Number(/\/certificado\/(\d+)$/.exec(page.url())?.[1]);
  await expect(status(page)).toHaveText('Rascunho');
  await activate(page, page.getByRole('button', { name: 'Enviar para análise' }));
  await acknowledge(page, 'Certificado enviado para análise com sucesso!');
  await expect(status(page)).toHaveText('Enviado para análise');

  // The analyst finds it through the list's filter, takes it and approves it.
  const analyst = await pageAs('analista');
  await analyst.goto('/certificado');
  await expect(analyst.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  await tabTo(analyst, analyst.getByLabel('Nº da fatura'));
  await analyst.keyboard.type(invoice);
  await analyst.keyboard.press('Enter');
  await expect(analyst).toHaveURL(new RegExp(`invoice_number=${invoice}`));
  await activate(analyst, analyst.getByRole('button', { name: `Analisar Certificado nº ${id}` }));
  await expect(analyst).toHaveURL(new RegExp(`/certificado-analise/${id}$`));
  await activate(analyst, analyst.getByRole('button', { name: 'Iniciar análise' }));
  await acknowledge(analyst, 'Certificado em análise.');
  await expect(status(analyst)).toHaveText('Em análise');

  await activate(analyst, analyst.getByRole('button', { name: 'Aprovar e emitir' }));
  // The confirmation: Tab reaches its "Aprovar e emitir" (wherever focus opens), Space presses it.
  const confirmation = analyst.getByRole('dialog').filter({ hasText: 'O número será atribuído agora.' });
  await expect(confirmation).toBeVisible();
  await tabTo(analyst, confirmation.getByRole('button', { name: 'Aprovar e emitir' }), { limit: 6 });
  await analyst.keyboard.press('Space');
  await acknowledge(analyst, 'Certificado APROVADO e EMITIDO com sucesso!');
  await expect(status(analyst)).toHaveText('Emitido');
  await expect(analyst.getByRole('heading', { level: 1 })).toHaveText(/^Certificado BR[A-Z0-9]{3}A18\d{12}$/);
});
