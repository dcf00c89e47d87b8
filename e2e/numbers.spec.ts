import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { choose, expect, expectSuccess, test } from './fixtures';
import { samplePdf } from './legal-representative-steps';

/**
 * Issue 22, "Numbers as Brazilians write them": an exporter types weights and values as written in Brazil, and what
 * is typed is what is stored, shown on the detail page and printed. "25.920" kg is twenty-five thousand nine
 * hundred and twenty kilograms, never 25,92; "25.92" could be either, so it is refused in Portuguese and nothing is
 * saved.
 */

const REFUSAL = 'Use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).';
const invoice = `FC-NUM-${String(Date.now()).slice(-8)}`;
const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The text of a PDF as a reader extracts it (pdftotext, as the API's tests read theirs). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'origem-e2e-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET on the API with the signed-in page's token. */
async function apiGet(page: Page, url: string) {
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'origem.token')?.value;
  if (!token) throw new Error('sessão sem token');
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${res.status()}`).toBe(200);
  return res;
}

test('weights and values typed pt-BR are stored, shown and printed as typed; ambiguous ones are refused', async ({
  pageAs,
}) => {
  test.setTimeout(180_000);
  const page = await pageAs('exportador');
  await page.goto('/certificado/novo');
  const form = page.getByRole('form', { name: 'Dados do certificado' });
  await choose(form, 'Responsável legal', /^Marina Tavares Lima/, { typed: 'Marina' });
  await choose(form, 'Importador', /Importadora Rioplatense/, { typed: 'Rioplatense' });
  await choose(form, 'Acordo', /^ACE-18 —/, { typed: 'ACE-18' });
  await form.getByLabel('Nº da fatura comercial').fill(invoice);
  const date = form.getByLabel('Data da fatura');
  await date.click();
  await date.fill(today);
  await date.press('Tab');
  await expect(date).toHaveValue(today);
  await choose(form, 'Unidade do peso bruto', /^KG —/, { typed: 'KG' });

  await form.getByRole('button', { name: 'Adicionar item' }).click();
  const item = form.getByRole('group', { name: 'Item 1' });
  await choose(item, 'Declaração de origem', /Revestimento cerâmico esmaltado/, { typed: 'Revestimento' });
  const quantity = item.getByLabel('Quantidade');
  await quantity.fill('1.000');
  await quantity.press('Tab');
  await expect(quantity).toHaveValue('1.000,000');
  const fob = item.getByLabel('Valor FOB (US$)');
  await fob.fill('1.234,56');
  await fob.press('Tab');
  await expect(fob).toHaveValue('1.234,56');
  // The demo's NCM reference table is empty: sending needs the description that prints (issue 22).
  await item.getByLabel('Descrição do NCM impressa no certificado').fill('Ladrilhos e placas de cerâmica');
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(invoice) });

  // "25.92": a decimal point or a misplaced thousands dot? Refused next to the field, and nothing is saved.
  const gross = form.getByLabel('Peso bruto', { exact: true });
  await gross.fill('25.92');
  await gross.press('Tab');
  await expect(gross).toHaveValue('25.92');
  await expect(form.getByText(REFUSAL)).toBeVisible();
  await expect(gross).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(form.getByText(REFUSAL)).toBeVisible();
  await expect(page).toHaveURL(/\/certificado\/novo$/);
  const none = await apiGet(page, `/v1/certificate?invoice_number=${invoice}`);
  expect(((await none.json()) as { total: number }).total).toBe(0);

  // "25.920": twenty-five thousand nine hundred and twenty, shown with the field's three decimals.
  await gross.fill('25.920');
  await gross.press('Tab');
  await expect(gross).toHaveValue('25.920,000');
  await expect(form.getByText(REFUSAL)).toHaveCount(0);
  await form.getByRole('button', { name: 'Criar rascunho' }).click();
  await expectSuccess(page, 'Certificado cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/certificado\/\d+$/);
  const id = Number(/\/certificado\/(\d+)$/.exec(page.url())?.[1]);

  // Stored canonical, exactly as typed.
  const stored = (await (await apiGet(page, `/v1/certificate/${id}`)).json()) as {
    gross_weight: string;
    items: { quantity: string; fob_value_usd: string }[];
  };
  expect(stored.gross_weight).toBe('25920.000');
  expect(stored.items.map((i) => [i.quantity, i.fob_value_usd])).toEqual([['1000.000', '1234.56']]);
  // The draft's form reads it back pt-BR.
  const saved = page.getByRole('form', { name: 'Dados do certificado' });
  await expect(saved.getByLabel('Peso bruto', { exact: true })).toHaveValue('25.920,000');
  await expect(saved.getByRole('group', { name: 'Item 1' }).getByLabel('Valor FOB (US$)')).toHaveValue(
    '1.234,56',
  );

  // The draft's PDF prints them pt-BR (the items' own descriptions: the demo NCM has no reference one).
  const pdf = await apiGet(page, `/v1/certificate/print?certificateId=${id}&ncmReference=false`);
  const text = pdfText(await pdf.body());
  expect(text).toContain('1.000,000');
  expect(text).toContain('US$ 1.234,56');
  expect(text).not.toContain('1234.56');

  // Sent, the detail page shows the values with their decimals, unit and currency.
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expectSuccess(page, 'Certificado enviado para análise com sucesso!');
  await expect(page.getByText('25.920,000 KG', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Revestimento cerâmico esmaltado' });
  await expect(row).toContainText('1.000,000');
  await expect(row).toContainText('US$ 1.234,56');
});
