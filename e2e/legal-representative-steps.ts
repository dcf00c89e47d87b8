import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { choose, downloadBy, expect, expectSuccess } from './fixtures';

/** Screen steps on legal representatives, shared by the specs that need them. */

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

/**
 * Adds a legal representative through the screens, as the signed-in user: opens /responsavel-legal, "Novo
 * responsável legal", fills the form (procuration PDF and its validity date included), saves and closes the
 * success dialog, ending back on the list.
 */
export async function addLegalRepresentative(page: Page, data: LegalRepresentativeData): Promise<void> {
  await page.goto('/responsavel-legal');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsáveis legais' })).toBeVisible();
  // With an empty list the empty state offers the same button: the header's comes first.
  await page.getByRole('button', { name: 'Novo responsável legal' }).first().click();
  await expect(page).toHaveURL(/\/responsavel-legal\/novo$/);

  const form = page.getByRole('form', { name: 'Dados do responsável legal' });
  if (data.exporter) await choose(form, 'Exportador', data.exporter, { exact: true });
  await form.getByLabel('Nome').fill(data.name);
  await form.getByLabel('CPF').fill(data.cpf);
  await form.getByLabel('E-mail').fill(data.email);
  await choose(form, 'Cargo', data.jobPosition ?? 'Diretor', { exact: true });
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
  await expectSuccess(page, 'Responsável legal cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/responsavel-legal$/);
}

export function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

/** Downloads the procuration from the list row and checks its name and bytes. */
export async function downloadProcurationFromList(page: Page, name: string, expected: Buffer): Promise<void> {
  const download = await downloadBy(
    page,
    rowOf(page, name).getByRole('button', { name: `Baixar procuração de ${name}` }),
  );
  await expect(page.getByText('Baixando o Arquivo...')).toBeVisible();
  expect(download.suggestedFilename()).toBe('procuracao.pdf');
  expect((await readFile(await download.path())).equals(expected)).toBe(true);
}
