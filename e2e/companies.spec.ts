import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { answerDialog, choose, downloadBy, expect, expectSuccess, test } from './fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS;
const stamp = Date.now();
const importer = `Compradora Porteña ${stamp} S.R.L.`;
const manufacturer = `Beneficiadora Mogiana ${stamp} Ltda.`;
/** A small but real PDF. */
const CONTRACT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

const companyForm = (page: Page): Locator =>
  page.getByRole('form', { name: /Dados d[oa] (empresa|fabricante)/ });

const confirmSuccess = expectSuccess;

async function filterByCorporateName(page: Page, name: string): Promise<void> {
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'Razão social' }).fill(name);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe
  .serial('an exporter keeps its address book', () => {
    test('adds an importer from Argentina: foreign tax id, no CNPJ', async ({ pageAs }) => {
      const page = await pageAs('exportador');
      await page.goto('/importadores');
      await expect(page.getByRole('table', { name: 'Lista de importadores' })).toContainText(
        'Importadora Rioplatense S.A.',
      );
      await page.getByRole('button', { name: 'Novo importador' }).click();
      await expect(page).toHaveURL(/\/empresas-imp-int\/novo\?type=1$/);

      const data = companyForm(page);
      await expect(data.getByRole('radio', { name: 'Importador' })).toBeChecked();
      await choose(data, 'País', 'Argentina', { exact: true });
      await expect(data.getByRole('textbox', { name: 'CNPJ' })).toHaveCount(0);
      await data.getByRole('textbox', { name: 'Razão social' }).fill(importer);
      await data.getByRole('textbox', { name: 'Identificador fiscal' }).fill('30-70999888-1');
      await data.getByRole('textbox', { name: 'Código postal' }).fill('C1002ABC');
      await data.getByRole('textbox', { name: 'Cidade' }).fill('Buenos Aires');
      await data.getByRole('textbox', { name: 'Estado / província' }).fill('CABA');
      await shot(page, 'importer-form');
      await data.getByRole('button', { name: 'Salvar' }).click();

      await confirmSuccess(page, 'Empresa cadastrada com sucesso!');
      await expect(page).toHaveURL(/\/importadores(\?.*)?$/);
      await filterByCorporateName(page, importer);
      const row = page.getByRole('row').filter({ hasText: importer });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('30-70999888-1');
      await expect(row).toContainText('Argentina');
      await expect(row).toContainText('Buenos Aires / CABA');
    });

    test('adds a Brazilian manufacturer with its social contract and downloads it', async ({ pageAs }) => {
      const page = await pageAs('exportador');
      await page.goto('/fabricantes');
      await page.getByRole('button', { name: 'Novo fabricante' }).click();
      await expect(page).toHaveURL(/\/empresas-fab\/novo$/);

      const data = companyForm(page);
      await choose(data, 'País', 'Brasil', { exact: true });
      await data.getByRole('textbox', { name: 'Razão social' }).fill(manufacturer);
      await data.getByRole('textbox', { name: 'CNPJ' }).fill('11222333000182');
      await data.getByRole('textbox', { name: 'CEP' }).fill('13800000');
      await data.getByRole('textbox', { name: 'Cidade' }).fill('Mogi Mirim');
      await choose(data, 'UF', 'SP', { exact: true });
      const chooser = page.waitForEvent('filechooser');
      await data.getByRole('button', { name: 'Contrato social (PDF, até 10 MB)' }).click();
      await (await chooser).setFiles({
        name: 'contrato-mogiana.pdf',
        mimeType: 'application/pdf',
        buffer: CONTRACT,
      });
      await expect(data).toContainText('contrato-mogiana.pdf');

      // A wrong check digit is caught next to the field before anything is sent.
      await data.getByRole('button', { name: 'Salvar' }).click();
      await expect(data).toContainText('CNPJ inválido.');
      await data.getByRole('textbox', { name: 'CNPJ' }).fill('11222333000181');
      await expect(data.getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.222.333/0001-81');
      await shot(page, 'manufacturer-form');
      await data.getByRole('button', { name: 'Salvar' }).click();

      await confirmSuccess(page, 'Empresa cadastrada com sucesso!');
      await expect(page).toHaveURL(/\/fabricantes(\?.*)?$/);
      await filterByCorporateName(page, manufacturer);
      const row = page.getByRole('row').filter({ hasText: manufacturer });
      await expect(row).toContainText('11.222.333/0001-81');
      await shot(page, 'manufacturers-list');

      // Downloaded from the list as contrato_social.pdf, the very bytes uploaded.
      const download = await downloadBy(
        page,
        row.getByRole('button', { name: `Baixar contrato social de ${manufacturer}` }),
      );
      expect(download.suggestedFilename()).toBe('contrato_social.pdf');
      expect((await readFile(await download.path())).equals(CONTRACT)).toBe(true);

      // The edit screen shows it too, and offers its download.
      await row.getByRole('link', { name: manufacturer, exact: true }).click();
      await expect(page).toHaveURL(/\/empresas-fab\/\d+$/);
      // The stored file is shown by the name it downloads as (issue 9, item 11).
      await expect(companyForm(page)).toContainText('contrato_social.pdf');
      const editDownload = await downloadBy(
        page,
        companyForm(page).getByRole('button', { name: 'Baixar', exact: true }),
      );
      expect(editDownload.suggestedFilename()).toBe('contrato_social.pdf');
      await shot(page, 'manufacturer-edit');

      // The full list has both, each with its type.
      await page.goto('/empresas');
      await filterByCorporateName(page, String(stamp));
      await expect(page.getByRole('row').filter({ hasText: manufacturer })).toContainText('Fabricante');
      await expect(page.getByRole('row').filter({ hasText: importer })).toContainText('Importador');
      await shot(page, 'companies-list');
    });

    test('deletes the importer after confirming', async ({ pageAs }) => {
      const page = await pageAs('exportador');
      await page.goto('/importadores');
      await filterByCorporateName(page, importer);
      const row = page.getByRole('row').filter({ hasText: importer });
      await row.getByRole('button', { name: `Excluir ${importer}` }).click();
      await answerDialog(page, `Excluir a empresa ${importer}?`, 'Excluir');
      await confirmSuccess(page, 'Empresa excluída com sucesso!');
      // The list is filtered by the deleted importer's name: it says so (issue 9, item 4).
      await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
    });
  });
