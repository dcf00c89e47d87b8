import type { APIRequestContext, Page } from '@playwright/test';
import { adminApiHeaders, expect, expectSuccess, test } from './fixtures';

const BAD_CSV = [
  'ncm;codigo;descricao',
  '8408.90.90;84089000;Os demais motores diesel',
  '0101.2x;01012100;Reprodutores de raça pura',
  '01012900;01012900;Outros cavalos',
].join('\n');
const GOOD_CSV = BAD_CSV.replace('0101.2x', '0101.21.00');

/** Opens a screen through the side menu, as a user would. */
async function openFromMenu(page: Page, item: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** The NALADI list the first journey uploads, created through the API when that journey did not run. */
async function ensureNaladiList(api: APIRequestContext): Promise<void> {
  const headers = await adminApiHeaders(api);
  const lists = (await (await api.get('/v1/classification_list/all', { headers })).json()) as {
    data: unknown[];
  };
  if (lists.data.length > 0) return;
  const created = await api.post('/v1/classification_list', {
    headers,
    multipart: {
      classification_type: 'NALADI/SH 96',
      name: 'NALADI/SH 96 — ALADI',
      file: { name: 'naladi.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) },
    },
  });
  expect(created.status()).toBe(201);
}

test('the admin uploads a classification list: sees the line of each error, fixes the file, sees the list', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/');
  await openFromMenu(page, 'Listas de classificação', 'Listas de classificação');
  await expect(page.getByText('Nenhuma lista de classificação cadastrada.')).toBeVisible();

  await page.getByRole('button', { name: 'Nova lista' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nova lista de classificação' });
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Tipo' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'NALADI/SH 96' }).click();
  await modal.getByRole('textbox', { name: 'Nome' }).fill('NALADI/SH 96 — ALADI');
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: 'naladi.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
  await modal.getByRole('button', { name: 'Enviar lista' }).click();

  const problems = modal.getByRole('list', { name: 'Erros do arquivo' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Linha 3: NCM inválido "0101.2x" (informe 8 dígitos).',
  ]);
  await expect(modal).toBeVisible();

  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: 'naladi-corrigida.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) });
  await expect(problems).toBeHidden();
  await modal.getByRole('button', { name: 'Enviar lista' }).click();
  await expectSuccess(page, 'Lista de classificação cadastrada com sucesso!');

  const row = page
    .getByRole('table', { name: 'Listas de classificação' })
    .getByRole('row', { name: /ALADI/ });
  await expect(row).toContainText('NALADI/SH 96');
  // Shown by the name it downloads as (issue 9, item 11).
  await expect(row).toContainText('lista_classificacao.csv');
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // The stored file comes back as lista_classificacao.csv, byte for byte.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Baixar/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('lista_classificacao.csv');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).toString('utf8')).toBe(GOOD_CSV);
});

test('an NCM is found by code on /cadastros/ncm and its detail shows the chain and the NALADI code', async ({
  pageAs,
  request,
}) => {
  await ensureNaladiList(request);
  const page = await pageAs('admin');
  await page.goto('/');
  await openFromMenu(page, 'Tabela NCM', 'Tabela NCM');
  await page.getByRole('textbox', { name: 'Código ou descrição' }).fill('8408.90');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/q=8408\.90/);

  const table = page.getByRole('table', { name: 'Códigos NCM' });
  await expect(table.getByRole('row')).toHaveCount(4); // header + 8408.90, 8408.90.10, 8408.90.90
  const row = table.getByRole('row', { name: /8408\.90\.90/ });
  await expect(row).toContainText('Subitem');
  await row.getByRole('button', { name: 'Ver NCM 8408.90.90' }).click();

  const drawer = page.getByRole('dialog', { name: 'NCM 8408.90.90' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/codigo=84089090/);
  const chain = drawer.getByRole('region', { name: 'Hierarquia' });
  await expect(chain.getByRole('button', { name: 'Abrir capítulo 84' })).toBeVisible();
  await expect(chain.getByRole('button', { name: 'Abrir posição 8408' })).toBeVisible();
  await expect(chain.getByRole('button', { name: 'Abrir subposição 8408.90' })).toBeVisible();
  await expect(chain).toContainText('Motores de pistão, de ignição por compressão');
  // The NALADI list maps it to 84089000.
  await expect(drawer.getByRole('table', { name: 'Códigos NALADI/SH do NCM' })).toContainText('84089000');

  // Walking up the chain opens the position.
  await chain.getByRole('button', { name: 'Abrir posição 8408' }).click();
  await expect(page.getByRole('dialog', { name: 'NCM 8408' })).toBeVisible();
  await expect(page).toHaveURL(/codigo=8408(&|$)/);
});
