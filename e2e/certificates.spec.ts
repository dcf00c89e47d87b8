import type { Locator, Page } from '@playwright/test';
import { answerDialog, expect, test } from './fixtures';
import { samplePdf } from './legal-representative-steps';

/**
 * Issue 13: the exporter drafts a certificate with two items citing its citable declaration and the commercial
 * invoice, and sends it; the analyst takes it and approves it, and the number appears; the exporter asks to cancel;
 * the analyst approves the cancellation; the public verification page, signed out, says "Cancelado". The invoice
 * number is new on each run, so the journey can be repeated on one server.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const invoice = `FC-E2E-${String(Date.now()).slice(-8)}`;
const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/certificates-${name}.png`, fullPage: true });
}

/** Picks an option of a select (type-ahead or not) by typing part of its label and clicking the option. */
async function choose(scope: Locator, label: string, typed: string, option: string | RegExp = typed) {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(typed);
  await scope
    .page()
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** The success dialog with the flow's exact text, closed with OK. */
async function success(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: text })).toHaveText(text);
  await answerDialog(page, text);
}

const status = (page: Page) => page.locator('header .ant-tag').first();

test('certificate journey: draft, send, approve, number, cancellation, public verification', async ({
  pageAs,
  browser,
  baseURL,
}) => {
  // Two people and a visitor through the whole flow: longer than the default minute on a shared machine.
  test.setTimeout(180_000);
  // Each person in a browser of its own, signed in through the saved sessions; the test's own context stays a
  // visitor's (contexts made in a test inherit its session), for the public page at the end.
  const page = await pageAs('exportador');
  // The exporter drafts it.
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  await shot(page, 'list');
  await page.getByRole('button', { name: 'Novo certificado' }).first().click();
  await expect(page).toHaveURL(/\/certificado\/novo$/);
  const form = page.getByRole('form', { name: 'Dados do certificado' });
  await choose(form, 'Responsável legal', 'Marina');
  await choose(form, 'Importador', 'Rioplatense');
  await choose(form, 'Acordo', 'ACE-18');
  await form.getByLabel('Nº da fatura comercial').fill(invoice);
  const date = form.getByLabel('Data da fatura');
  await date.click();
  await date.fill(today);
  await date.press('Tab');
  await expect(date).toHaveValue(today);

  for (const [index, quantity, fob] of [
    [1, '1200', '12240,00'],
    [2, '800', '8160,00'],
  ] as const) {
    await form.getByRole('button', { name: 'Adicionar item' }).click();
    const item = form.getByRole('group', { name: `Item ${index}` });
    await choose(item, 'Declaração de origem', 'Revestimento', /Revestimento cerâmico esmaltado/);
    await expect(item.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
      'Revestimento cerâmico esmaltado',
    );
    await item.getByLabel('Quantidade').fill(quantity);
    await item.getByLabel('Valor FOB (US$)').fill(fob);
  }
  await form
    .getByRole('group', { name: 'Item 2' })
    .getByLabel('Descrição da mercadoria')
    .fill('Revestimento cerâmico esmaltado 60x60 cm, linha Mármore Carrara');
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(invoice) });
  await expect(form.getByText('fatura.pdf')).toBeVisible();
  await shot(page, 'new');
  await form.getByRole('button', { name: 'Criar rascunho' }).click();
  await success(page, 'Certificado cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/certificado\/\d+$/);
  const id = Number(/\/certificado\/(\d+)$/.exec(page.url())?.[1]);
  await expect(status(page)).toHaveText('Rascunho');
  await expect(page.getByRole('group', { name: 'Item 2' })).toBeVisible();
  await shot(page, 'draft');

  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await success(page, 'Certificado enviado para análise com sucesso!');
  await expect(status(page)).toHaveText('Enviado para análise');
  await expect(page.getByRole('row').filter({ hasText: 'linha Mármore Carrara' })).toBeVisible();

  // The analyst takes it and approves it.
  const analyst = await pageAs('analista');
  await analyst.goto('/certificado');
  await analyst.getByRole('button', { name: `Analisar Certificado nº ${id}` }).click();
  await expect(analyst).toHaveURL(new RegExp(`/certificado-analise/${id}$`));
  await expect(analyst.getByText(`Declaração nº`).first()).toBeVisible();
  await analyst.getByRole('button', { name: 'Iniciar análise' }).click();
  await success(analyst, 'Certificado em análise.');
  await expect(status(analyst)).toHaveText('Em análise');
  await shot(analyst, 'analysis');
  await analyst.getByRole('button', { name: 'Aprovar e emitir' }).click();
  await analyst.locator('.ant-modal-confirm').getByRole('button', { name: 'Aprovar e emitir' }).click();
  await success(analyst, 'Certificado APROVADO e EMITIDO com sucesso!');
  await expect(status(analyst)).toHaveText('Emitido');
  const heading = analyst.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Certificado BR[A-Z0-9]{3}A18\d{12}$/);
  const number = (await heading.textContent())?.replace('Certificado ', '') ?? '';

  // The number appears for the exporter, who asks to cancel.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Certificado ${number}`);
  await expect(status(page)).toHaveText('Emitido');
  const verification = page.getByRole('link', { name: /\/verificar\// });
  const verificationUrl = (await verification.getAttribute('href')) ?? '';
  expect(verificationUrl).toMatch(/\/verificar\/[A-Z0-9]{8,40}$/);
  await shot(page, 'issued');
  await page.getByRole('button', { name: 'Solicitar cancelamento' }).click();
  const ask = page.locator('.ant-modal-confirm');
  await ask.getByLabel('Motivo do cancelamento').fill('Embarque desfeito pelo importador.');
  await ask.getByRole('button', { name: 'Solicitar cancelamento' }).click();
  await success(page, 'Cancelamento solicitado com sucesso!');
  await expect(status(page)).toHaveText('Cancelamento solicitado');

  // The analyst approves the cancellation.
  await analyst.goto(`/certificado-analise/${id}`);
  await expect(status(analyst)).toHaveText('Cancelamento solicitado');
  await expect(analyst.getByText('Embarque desfeito pelo importador.')).toBeVisible();
  await analyst.getByRole('button', { name: 'Aprovar cancelamento' }).click();
  await analyst.locator('.ant-modal-confirm').getByRole('button', { name: 'Aprovar cancelamento' }).click();
  await success(analyst, 'Certificado CANCELADO com sucesso!');
  await expect(status(analyst)).toHaveText('Cancelado');
  await analyst.goto(`/certificado-consulta/${id}`);
  await expect(status(analyst)).toHaveText('Cancelado');
  await shot(analyst, 'consulta');

  // Signed out, the QR's page says so.
  const visitor = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1366, height: 900 },
  });
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(verificationUrl).pathname);
  await expect(publicPage).toHaveURL(/\/verificar\//);
  await expect(publicPage.getByText('Certificado autêntico, mas sem validade')).toBeVisible();
  const table = publicPage.locator('.ant-descriptions');
  await expect(table.getByText(number, { exact: true })).toBeVisible();
  await expect(table.locator('.ant-tag')).toHaveText('Cancelado');
  await expect(table.getByText('Café Santista Exportadora Ltda.')).toBeVisible();
  // Nothing confidential: no values.
  await expect(publicPage.getByText('US$')).toHaveCount(0);
  await shot(publicPage, 'verification');
  await visitor.close();
});
