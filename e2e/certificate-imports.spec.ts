import type { Page } from '@playwright/test';
import { IMPORT_COLUMNS, type ImportColumnKey } from '../packages/contract/src/schemas/certificate-imports';
import { violations } from './axe';
import { downloadBy, expect, test } from './fixtures';

/**
 * Issue 25: the exporter downloads the template, uploads a 200-row spreadsheet built here with the same XLSX
 * library (60 valid certificates of 3 items each, and 10 certificates of 2 rows with errors), watches it validate,
 * reads the error report (row, column, message), chooses "Importar só as linhas válidas", gets 60 drafts and finds
 * the import in its history with a link to each draft. Invoice numbers are new on each run (a new file, new keys).
 */

type Listed = { data: { id: number; cpf?: string | null; abbreviation?: string; ncm?: string }[] };
type Line = Partial<Record<ImportColumnKey, string | number>>;

async function apiOf(page: Page) {
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'origem.token')?.value;
  if (!token) throw new Error('sessão sem token');
  return async <T>(path: string): Promise<T> => {
    const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
}

async function spreadsheet(lines: Line[]): Promise<Buffer> {
  const excel = (await import('exceljs')).default;
  const book = new excel.Workbook();
  const sheet = book.addWorksheet('Itens');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  for (const line of lines) sheet.addRow(IMPORT_COLUMNS.map((c) => line[c.key] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an exporter imports a 200-row spreadsheet: error report, only the valid rows, 60 drafts', async ({
  pageAs,
}) => {
  test.setTimeout(180_000);
  const page = await pageAs('exportador');
  const api = await apiOf(page);
  const me = await api<{ exporter: { id: number } }>('/v1/user/detail');
  const representative = (await api<Listed>('/v1/legal_representative?name=Marina')).data[0];
  const deal = (await api<Listed>('/v1/deal/all')).data.find((d) => d.abbreviation === 'ACE-18');
  const declaration = (await api<Listed>(`/v1/declaration/certificate/${me.exporter.id}?deal_id=${deal?.id}`))
    .data[0];
  expect(representative?.cpf && declaration).toBeTruthy();

  const run = String(Date.now()).slice(-7);
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const row = (group: string, item: number, overrides: Line = {}): Line => ({
    group,
    deal: 'ACE-18',
    representative_cpf: representative?.cpf ?? '',
    importer: 'Importadora Rioplatense S.A.',
    importer_country: 'AR',
    currency: 'USD',
    invoice_number: `IMP-${run}-${group}`,
    invoice_date: today,
    declaration: declaration?.id ?? 0,
    description: `Item ${item} do certificado ${group}`,
    quantity: item * 10,
    fob_value_usd: `${item * 100},50`,
    ...overrides,
  });
  const lines: Line[] = [];
  for (let c = 1; c <= 60; c++) for (let i = 1; i <= 3; i++) lines.push(row(`OK-${c}`, i));
  for (let c = 1; c <= 5; c++) for (let i = 1; i <= 2; i++) lines.push(row(`NCM-${c}`, i, { ncm: '123' }));
  for (let c = 1; c <= 5; c++)
    for (let i = 1; i <= 2; i++) lines.push(row(`ACORDO-${c}`, i, { deal: 'XYZ-99' }));
  expect(lines).toHaveLength(200);

  await page.goto('/certificado');
  await page.getByRole('button', { name: 'Importar certificados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar certificados' })).toBeVisible();
  const template = await downloadBy(page, page.getByRole('button', { name: 'Modelo XLSX' }));
  expect(template.suggestedFilename()).toBe('modelo-importacao-certificados.xlsx');

  await page.locator('input[type="file"]').setInputFiles({
    name: `certificados-${run}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await spreadsheet(lines),
  });
  // The job's report: 70 certificates, 60 without errors, each error by row and column.
  await expect(page.getByText('200 linha(s) em 70 certificado(s): 60 sem erros, 15 erro(s).')).toBeVisible({
    timeout: 60_000,
  });
  const errors = page.getByRole('region', { name: 'Erros encontrados' });
  await expect(errors.getByRole('row', { name: /182 NCM O NCM deve ter 8 dígitos\./ })).toBeVisible();
  await errors.locator('.ant-pagination-item-2').click();
  await expect(errors.getByRole('row', { name: /^192 Acordo Acordo "XYZ-99" não existe/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Importar \d+ certificado/ })).toHaveCount(0);
  // The report as a person reads it: no accessibility violation.
  expect(await violations(page, 'relatório de importação')).toEqual([]);

  await page.getByRole('button', { name: 'Importar só as linhas válidas' }).click();
  await expect(page.getByRole('heading', { name: 'Rascunhos criados (60)' })).toBeVisible({
    timeout: 90_000,
  });
  const drafts = page.getByRole('region', { name: 'Rascunhos criados' }).getByRole('link');
  await expect(drafts).toHaveCount(60);

  // The history: who, when, the file, the counts, and links to the drafts.
  const history = page.getByRole('table', { name: 'Histórico de importações' });
  const entry = history.getByRole('row', { name: new RegExp(`certificados-${run}\\.xlsx`) });
  await expect(entry).toContainText('Importado');
  await expect(entry).toContainText('200 / 70 / 15');
  await expect(entry).toContainText('60');

  // A draft opens as the certificate it is: a draft of this invoice.
  await drafts.first().click();
  await expect(page).toHaveURL(/\/certificado\/\d+$/);
  await expect(page.getByText(/Rascunho/).first()).toBeVisible();
});
