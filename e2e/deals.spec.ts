import type { Locator, Page } from '@playwright/test';
import { choose, expect, expectSuccess, test } from './fixtures';

const stamp = Date.now().toString().slice(-6);
const DEAL = {
  abbreviation: `E2E-${stamp}`,
  name: `Acordo de Complementação Econômica de Teste ${stamp}`,
  // An acronym both COD versions list (ACE 57), so the deal may exchange COD.
  aladi: 'A57',
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
      // Issue 36: a deal that exchanges COD needs its ALADI form and a version from a date; the screen says so.
      await form.getByRole('switch', { name: 'Certificado digital (COD)' }).click();
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(
        form.getByText('Escolha o formulário COD do acordo (ou o dos bens automotivos).'),
      ).toBeVisible();
      await expect(
        form.getByText('Informe ao menos uma versão do COD, com a data a partir da qual vale.'),
      ).toBeVisible();
      await choose(form, 'Formulário COD', /^FormA18 — MERCOSUL/, { typed: false });
      await form.getByRole('button', { name: 'Adicionar versão' }).click();
      await expect(form.getByRole('combobox', { name: 'Versão 1' })).toBeVisible();
      const since = form.getByLabel('Em vigor desde (versão 1)');
      await since.click();
      await since.fill('01/03/2027');
      await since.press('Tab');
      await expect(since).toHaveValue('01/03/2027');

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
      // The COD settings as saved: FormA18, version 4.1.0 from 01/03/2027.
      await expect(form.getByRole('switch', { name: 'Certificado digital (COD)' })).toBeChecked();
      const codForm = form
        .locator('.ant-form-item')
        .filter({ has: page.getByRole('combobox', { name: 'Formulário COD' }) });
      await expect(codForm).toContainText('FormA18');
      const version = form
        .locator('.ant-form-item')
        .filter({ has: page.getByRole('combobox', { name: 'Versão 1' }) });
      await expect(version).toContainText('COD 4.1.0');
      await expect(form.getByLabel('Em vigor desde (versão 1)')).toHaveValue('01/03/2027');
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

test('ACE 74 exchanges COD in 4.1.0 only: choosing 1.8.3 is refused on the screen, nothing saved', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/acordos?abbreviation=ACE-74');
  await page.getByRole('link', { name: 'ACE-74', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ACE-74' })).toBeVisible();
  const form = dealForm(page);
  await expect(form.getByLabel('Em vigor desde (versão 1)')).toHaveValue('01/12/2025');
  await choose(form, 'Versão 1', 'COD 1.8.3', { typed: false, exact: true });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    form.getByText('A versão 1.8.3 do COD não inclui o acordo A74: escolha outra versão.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/acordos\/\d+$/);
  // Reloaded, the stored version is still 4.1.0.
  await page.reload();
  const version = form
    .locator('.ant-form-item')
    .filter({ has: page.getByRole('combobox', { name: 'Versão 1' }) });
  await expect(version).toContainText('COD 4.1.0');
});

test('an exporter opening /regras-origem is turned away with the "sem permissão" page', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  await page.goto('/regras-origem');
  await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Regras de origem' })).toHaveCount(0);
});
