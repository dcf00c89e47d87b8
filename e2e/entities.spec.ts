import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, expectSuccess, test } from './fixtures';

// CRC-32 (PNG chunks) and a real, decodable PNG: the edit screen must really draw the uploaded logo.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A 120×48 banner: blue with a yellow stripe. */
function bannerPng(): Buffer {
  const width = 120;
  const height = 48;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = y * (width * 3 + 1) + 1 + x * 3;
      const stripe = y > 20 && y < 28;
      raw[offset] = stripe ? 250 : 8;
      raw[offset + 1] = stripe ? 200 : 60;
      raw[offset + 2] = stripe ? 0 : 130;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let sequence = 0;
const unique = (prefix: string) => {
  sequence += 1;
  return `${prefix} ${Date.now()}${sequence}`;
};

const form = (page: Page, name: string): Locator => page.getByRole('form', { name });

async function filterByName(page: Page, name: string): Promise<void> {
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'Nome' }).fill(name);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
}

const confirmSuccess = expectSuccess;

test('admin uploads a federation logo and sees it drawn on the edit screen', async ({ pageAs }) => {
  const name = unique('Federação E2E');
  const page = await pageAs('admin');
  await page.goto('/federacoes');
  await page.getByRole('button', { name: 'Nova federação' }).click();
  await expect(page).toHaveURL(/\/federacoes\/novo$/);

  const data = form(page, 'Dados da federação');
  await data.getByRole('textbox', { name: 'Nome' }).fill(name);
  await data.getByRole('textbox', { name: 'CNPJ' }).fill('11222333000181');
  await expect(data.getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.222.333/0001-81');
  const chooser = page.waitForEvent('filechooser');
  await data.getByRole('button', { name: 'Enviar logo' }).click();
  await (await chooser).setFiles({ name: 'logo-e2e.png', mimeType: 'image/png', buffer: bannerPng() });
  await expect(data.getByRole('img', { name: 'Logo da federação' })).toBeVisible();
  await data.getByRole('button', { name: 'Salvar' }).click();

  await confirmSuccess(page, 'Nova Federação cadastrado com sucesso !');
  await expect(page).toHaveURL(/\/federacoes(\?.*)?$/);
  await filterByName(page, name);
  await page.getByRole('link', { name }).click();

  const logo = page.getByRole('img', { name: `Logo da ${name}` });
  await expect(logo).toBeVisible();
  // The edit screen loads the saved logo with the session's token (a blob: address)…
  await expect(logo).toHaveAttribute('src', /^blob:/);
  // …and the federation's public logo address serves the very PNG that was uploaded.
  const id = /\/federacoes\/(\d+)/.exec(page.url())?.[1];
  const served = await page.request.get(`/v1/federation/${id}/logo`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect((await served.body()).equals(bannerPng())).toBe(true);
  // Really loaded and decoded, not a broken image.
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(120);
  await expect(page.getByRole('button', { name: 'Trocar logo' })).toBeVisible();
});

test('admin creates a confederation and sees its CNPJ masked in the list', async ({ pageAs }) => {
  const name = unique('Confederação E2E');
  const page = await pageAs('admin');
  await page.goto('/confederacoes');
  await page.getByRole('button', { name: 'Nova confederação' }).click();
  await expect(page).toHaveURL(/\/confederacao\/novo$/);

  const data = form(page, 'Dados da confederação');
  await data.getByRole('textbox', { name: 'Nome' }).fill(name);
  await data.getByRole('textbox', { name: 'Sigla' }).fill('CE2E');
  // An alphanumeric CNPJ (letters allowed in the first 12 characters), typed without the mask.
  await data.getByRole('textbox', { name: 'CNPJ' }).fill('12abc34501de35');
  await data.getByRole('textbox', { name: 'Telefone' }).fill('6133170000');
  await data.getByRole('button', { name: 'Salvar' }).click();

  await confirmSuccess(page, 'Nova Confederação cadastrado com sucesso !');
  await expect(page).toHaveURL(/\/confederacoes(\?.*)?$/);
  await filterByName(page, name);
  await expect(page).toHaveURL(/name=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12.ABC.345/01DE-35');
  await expect(row).not.toContainText('12ABC34501DE35');
});

test('an invalid CNPJ shows the field error next to the field and keeps the form open', async ({
  pageAs,
}) => {
  const name = unique('Confederação Inválida');
  const page = await pageAs('admin');
  await page.goto('/confederacao/novo');
  const data = form(page, 'Dados da confederação');
  await data.getByRole('textbox', { name: 'Nome' }).fill(name);
  const cnpj = data.getByRole('textbox', { name: 'CNPJ' });
  await cnpj.fill('11.222.333/0001-80');
  await data.getByRole('button', { name: 'Salvar' }).click();

  await expect(cnpj).toHaveAttribute('aria-invalid', 'true');
  const help = page.locator(`#${await cnpj.getAttribute('aria-describedby')}`);
  await expect(help).toHaveText('CNPJ inválido.');
  await expect(page).toHaveURL(/\/confederacao\/novo$/);

  // Fixing it clears the error.
  await cnpj.fill('11.222.333/0001-81');
  await expect(cnpj).not.toHaveAttribute('aria-invalid', 'true');
});
