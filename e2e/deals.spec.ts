import type { Locator, Page } from '@playwright/test';
import { choose, expect, expectSuccess, test } from './fixtures';

const stamp = Date.now().toString().slice(-6);
const DEAL = {
  abbreviation: `E2E-${stamp}`,
  name: `Acordo de Complementação Econômica de Teste ${stamp}`,
  aladi: 'Z99',
  countries: ['Chile', 'México'],
  // The server lists a deal's norms by name: these come back in this order.
  norms: [
    { name: 'Acumulação de origem', legal: 'Anexo IV, Art. 5º (acumulação bilateral)' },
    { name: 'Regime de origem', legal: 'Anexo IV, Art. 1º a 4º' },
  ],
};

function dealForm(page: Page): Locator {
  return page.getByRole('form', { name: /acordo/i });
}

test.describe
  .serial('admin keeps a deal, its partner countries and its norms on one screen', () => {
    test('creates a deal with two partner countries and two norms, and finds it in the list', async ({
      pageAs,
    }) => {
      const page = await pageAs('admin');
      await page.goto('/acordos');
      await expect(page.getByRole('heading', { level: 1, name: 'Acordos' })).toBeVisible();
      await page.getByRole('button', { name: 'Novo acordo' }).click();
      await expect(page).toHaveURL(/\/acordos\/novo$/);

      const form = dealForm(page);
      // Saving the empty form shows the Portuguese messages next to the fields and sends nothing.
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(form.getByText('Campo obrigatório.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/acordos\/novo$/);

      await form.getByRole('textbox', { name: /Sigla$/ }).fill(DEAL.abbreviation.toLowerCase());
      await form.getByRole('textbox', { name: 'Sigla ALADI' }).fill(DEAL.aladi);
      await choose(form, 'Classificação', 'SH 2022', { typed: false, exact: true });
      await form.getByRole('textbox', { name: /Nome$/ }).fill(DEAL.name);
      for (const country of DEAL.countries)
        await choose(form, 'Países parceiros', country, { exact: true, multiple: true });
      await page.keyboard.press('Escape');
      await form.getByRole('switch', { name: 'Certificado digital (COD)' }).click();

      for (const [index, norm] of DEAL.norms.entries()) {
        await form.getByRole('button', { name: 'Adicionar norma' }).click();
        await form.getByRole('textbox', { name: `Nome da norma ${index + 1}` }).fill(norm.name);
        await form.getByRole('textbox', { name: `Texto legal da norma ${index + 1}` }).fill(norm.legal);
      }
      await form.getByRole('button', { name: 'Salvar' }).click();

      await expectSuccess(page, 'Acordo cadastrado com sucesso!');
      await expect(page).toHaveURL(/\/acordos$/);

      const filters = page.getByRole('search', { name: 'Filtros' });
      await filters.getByRole('textbox', { name: 'Sigla' }).fill(DEAL.abbreviation);
      await filters.getByRole('button', { name: 'Filtrar' }).click();
      await expect(page).toHaveURL(new RegExp(`abbreviation=${DEAL.abbreviation}`));
      const rows = page.getByRole('table', { name: 'Lista de acordos' }).locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(1);
      const row = rows.first();
      await expect(row).toContainText(DEAL.abbreviation);
      await expect(row).toContainText(DEAL.name);
      await expect(row).toContainText(DEAL.aladi);
      await expect(row).toContainText('SH 2022');
      await expect(row).toContainText('COD');
      for (const country of DEAL.countries) await expect(row).toContainText(country);
    });

    test('reopening the deal shows its countries and norms; removing one norm is saved', async ({
      pageAs,
    }) => {
      const page = await pageAs('admin');
      await page.goto(`/acordos?abbreviation=${DEAL.abbreviation}`);
      await page.getByRole('link', { name: DEAL.abbreviation, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: DEAL.abbreviation })).toBeVisible();

      const form = dealForm(page);
      const partners = form.locator('.ant-form-item').filter({
        has: page.getByRole('combobox', { name: 'Países parceiros' }),
      });
      for (const country of DEAL.countries) await expect(partners).toContainText(country);
      for (const [index, norm] of DEAL.norms.entries()) {
        await expect(form.getByRole('textbox', { name: `Nome da norma ${index + 1}` })).toHaveValue(
          norm.name,
        );
        await expect(form.getByRole('textbox', { name: `Texto legal da norma ${index + 1}` })).toHaveValue(
          norm.legal,
        );
      }

      await form.getByRole('button', { name: 'Remover a norma 1' }).click();
      await expect(form.getByRole('textbox', { name: 'Nome da norma 2' })).toHaveCount(0);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expectSuccess(page, 'Acordo editado com sucesso!');
      await expect(page).toHaveURL(/\/acordos$/);

      // Reopened, the deal keeps only the other norm.
      await page.goto(`/acordos?abbreviation=${DEAL.abbreviation}`);
      await page.getByRole('link', { name: DEAL.abbreviation, exact: true }).click();
      await expect(form.getByRole('textbox', { name: 'Nome da norma 1' })).toHaveValue('Regime de origem');
      await expect(form.getByRole('textbox', { name: 'Nome da norma 2' })).toHaveCount(0);
    });
  });

test('an exporter opening /regras-origem is turned away with the "sem permissão" page', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  await page.goto('/regras-origem');
  await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Regras de origem' })).toHaveCount(0);
});
