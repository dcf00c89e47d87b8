import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { answerDialog, expect, loginAsRole, test } from './fixtures';

export type LegalRepresentativeData = {
  name: string;
  /** Masked or not: '529.982.247-25'. */
  cpf: string;
  email: string;
  /** A job position of the reference table (default 'Diretor'). */
  jobPosition?: string;
  /** dd/mm/aaaa; required with a procuration. */
  validUntil?: string;
  /** The power of attorney, uploaded as a PDF. */
  procuration?: { name: string; buffer: Buffer };
  /** Staff only: the exporter whose representative this is (an exporter's user always adds to its own). */
  exporter?: string;
};

/** A minimal PDF (the server sniffs the bytes: it must start with %PDF-). */
export function samplePdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

async function choose(scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(option);
  await scope.page().locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/**
 * Adds a legal representative through the screens, as the signed-in user: opens /responsavel-legal, "Novo
 * responsável legal", fills the form (procuration PDF and its validity date included), saves and closes the
 * success dialog, ending back on the list.
 */
export async function addLegalRepresentative(page: Page, data: LegalRepresentativeData): Promise<void> {
  await page.goto('/responsavel-legal');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsáveis legais' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo responsável legal' }).click();
  await expect(page).toHaveURL(/\/responsavel-legal\/novo$/);

  const form = page.getByRole('form', { name: 'Dados do responsável legal' });
  if (data.exporter) await choose(form, 'Exportador', data.exporter);
  await form.getByLabel('Nome').fill(data.name);
  await form.getByLabel('CPF').fill(data.cpf);
  await form.getByLabel('E-mail').fill(data.email);
  await choose(form, 'Cargo', data.jobPosition ?? 'Diretor');
  if (data.validUntil) {
    const date = form.getByLabel('Validade da procuração');
    await date.click();
    await date.fill(data.validUntil);
    // Tab, not Enter: Enter in a field submits the form.
    await date.press('Tab');
    await expect(date).toHaveValue(data.validUntil);
  }
  if (data.procuration) {
    await form.locator('input[type="file"]').setInputFiles({
      name: data.procuration.name,
      mimeType: 'application/pdf',
      buffer: data.procuration.buffer,
    });
    await expect(form.getByText(data.procuration.name)).toBeVisible();
  }
  await form.getByRole('button', { name: 'Salvar' }).click();
  await answerDialog(page, 'Responsável legal cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/responsavel-legal$/);
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

test('the exporter adds a representative with a procuration, downloads it, and sees an expired one flagged', async ({
  page,
}) => {
  await loginAsRole(page, 'exportador');
  const stamp = Date.now().toString().slice(-6);
  const valid = `Rafael Prado ${stamp}`;
  const pdf = samplePdf(`Procuracao ${stamp}`);
  await addLegalRepresentative(page, {
    name: valid,
    cpf: '529.982.247-25',
    email: `rafael.${stamp}@cafesantista.origem.local`,
    validUntil: `30/06/${new Date().getFullYear() + 2}`,
    procuration: { name: 'procuracao-assinada.pdf', buffer: pdf },
  });

  // Its own book: the demo representative and the new one, the new one's procuration in force.
  await expect(rowOf(page, 'Marina Tavares Lima')).toBeVisible();
  await expect(rowOf(page, valid)).toContainText('529.982.247-25');
  await expect(rowOf(page, valid)).toContainText('Diretor');
  await expect(rowOf(page, valid).getByText('Em vigor')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Exportador' })).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/lista-responsaveis.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await rowOf(page, valid)
    .getByRole('button', { name: `Baixar procuração de ${valid}` })
    .click();
  await expect(page.getByText('Baixando o Arquivo...')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('procuracao.pdf');
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);

  // A procuration valid until a past date is accepted, and flagged in the list.
  const expired = `Helena Duarte ${stamp}`;
  await addLegalRepresentative(page, {
    name: expired,
    cpf: '111.444.777-35',
    email: `helena.${stamp}@cafesantista.origem.local`,
    validUntil: '15/01/2024',
    procuration: { name: 'procuracao-antiga.pdf', buffer: samplePdf('Antiga') },
  });
  await expect(rowOf(page, expired).getByText('Procuração vencida')).toBeVisible();
  await expect(rowOf(page, expired)).toContainText('15/01/2024');
  await expect(rowOf(page, 'Marina Tavares Lima').getByText('Sem procuração')).toBeVisible();

  // The detail screen shows the stored file and the same flag.
  await rowOf(page, expired).getByRole('link', { name: expired }).click();
  await expect(page.getByRole('heading', { level: 1, name: expired })).toBeVisible();
  await expect(page.getByText('Procuração vencida')).toBeVisible();
  await expect(page.getByText(/procuracao-antiga\.pdf/)).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/responsavel-vencido.png`, fullPage: true });
});
