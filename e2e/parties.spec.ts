import { readFile } from 'node:fs/promises';
import { answerDialog, downloadBy, expect, expectSuccess, test } from './fixtures';
import { uniqueCnpj } from './tax-ids';

/** A valid numeric CNPJ from 12 digits (Receita Federal check digits). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('the analyst registers a dispatcher with its social contract, downloads it, deletes it and finds it among the deleted', async ({
  pageAs,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const name = `Despachos Teste ${stamp} Ltda.`;
  const cnpj = uniqueCnpj();

  const page = await pageAs('analista');
  await page.goto('/despachantes');
  await expect(page.getByRole('heading', { name: 'Despachantes' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo despachante' }).click();
  await expect(page).toHaveURL(/\/despachante\/novo$/);

  const form = page.getByRole('form', { name: 'Dados do despachante' });
  await form.getByLabel('Pessoa jurídica').check();
  await form.getByLabel('CNPJ').fill(cnpj);
  await form.getByLabel('Razão social').fill(name);
  await form.getByLabel('Cidade').fill('Santos');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'contrato-social.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByText('contrato-social.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expectSuccess(page, 'Despachante cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/despachantes/);

  // Found by name, with its CNPJ masked.
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'Nome' }).fill(stamp);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));

  // The contract downloads as contrato_social.pdf, with the bytes sent.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const download = await downloadBy(page, page.getByRole('button', { name: 'Baixar contrato social' }));
  expect(download.suggestedFilename()).toBe('contrato_social.pdf');
  const saved = await download.path();
  expect((await readFile(saved)).equals(PDF)).toBe(true);
  await page.getByRole('button', { name: 'Voltar' }).click();

  // Deleted after confirming: gone from the list…
  await expect(page).toHaveURL(/\/despachantes/);
  await filters.getByRole('textbox', { name: 'Nome' }).fill(stamp);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await answerDialog(page, `Excluir o despachante ${name}?`, 'Excluir');
  await expectSuccess(page, 'Despachante excluído com sucesso!');
  await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();

  // …and back only with "Mostrar excluídos", marked as deleted.
  await page.getByRole('switch', { name: 'Mostrar excluídos' }).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Excluído em \d{2}\/\d{2}\/\d{4}/);
  await expect(row.getByRole('button', { name: `Excluir ${name}` })).toHaveCount(0);
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '/tmp'}/despachantes-excluidos.png`,
    fullPage: true,
  });
});
