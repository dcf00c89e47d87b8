import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 14: a COD XML someone holds, inspected on the public verification page (no sign-in) and in the back office.
// The file is ALADI's real Brazilian sample (filled by the entity, signatures stripped).
const SAMPLE = 'br-a14-forma14-certified-unsigned.xml';
const fixture = (name: string) =>
  readFileSync(new URL(`../apps/api/src/documents/xml/fixtures/${name}`, import.meta.url));
const sample = () => fixture(SAMPLE);

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cod-inspection-${name}.png`, fullPage: true });
}

async function uploadSample(page: Page): Promise<void> {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: SAMPLE, mimeType: 'application/xml', buffer: sample() });
}

test('a visitor checks a COD file on the public verification page and reads its summary', async ({
  browser,
}) => {
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await visitor.newPage();
  // The page of a code that does not exist still offers the file check.
  await page.goto('/verificar/CODIGOINEXISTENTE1');
  await expect(page.getByRole('heading', { name: 'Verificar um arquivo COD (XML)' })).toBeVisible();
  await uploadSample(page);
  await expect(page.getByText('BR036A14160000000500', { exact: true })).toBeVisible();
  // A real ALADI sample, not issued here: the record card says so, and nothing about any certificate of ours.
  await expect(page.getByRole('status', { name: 'Registro no Origem' })).toContainText(
    'O CertificateID BR036A14160000000500 não corresponde a nenhum certificado emitido pelo Origem.',
  );
  await expect(page.getByText('O COD tem pendências: veja os problemas abaixo')).toBeVisible();
  await expect(page.getByText(/^IVECO LATIN AMERICA LTDA \(BR · SETE LAGOAS/)).toBeVisible();
  await expect(page.getByText(/^IVECO ARGENTINA S\.A\. \(AR/)).toBeVisible();
  await expect(page.getByRole('cell', { name: '8704.22.10' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /TÍTULO III - ARTIGO 16/ })).toBeVisible();
  await expect(
    page.getByText('FEDERAÇÃO DAS INDUSTRIAS DO ESTADO DE MINAS GERAIS (código 036)'),
  ).toBeVisible();
  await expect(page.getByLabel('Assinatura do exportador: Ausente')).toContainText(
    'O COD não tem a assinatura do exportador.',
  );
  await expect(page.getByLabel('Assinatura da entidade emissora: Ausente')).toBeVisible();
  await shot(page, 'public');

  // A file that is not XML is refused in Portuguese, not with a crash.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'quebrado.xml', mimeType: 'application/xml', buffer: Buffer.from('<a><b></a>') });
  await expect(page.getByRole('alert')).toContainText('O arquivo não é um XML válido.');
  await visitor.close();
});

test.describe('back office', () => {
  test.use({ role: 'analista' });

  test('the analyst opens Inspecionar COD from the menu and inspects a file', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Inspecionar COD', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inspecionar COD' })).toBeVisible();
    await uploadSample(page);
    await expect(page.getByText('BR036A14160000000500', { exact: true })).toBeVisible();
    await expect(page.getByText('Conforme')).toBeVisible();
    await shot(page, 'staff');
  });

  // Issue 36: files of forms and versions the product does not write, hand-built from ALADI's XSDs — an incoming
  // Bolivian FormA36 in 1.8.3 and a Colombian FormA72 in 4.1.0 — each checked against its own declared version.
  test('reads an incoming Bolivian A36 (1.8.3) and a Colombian A72 (4.1.0) against their own versions', async ({
    page,
  }) => {
    await page.goto('/certificados/inspecionar-cod');
    const cases = [
      {
        file: 'bo-a36-1.8.3-certified.xml',
        id: 'BOCNBA36260000415700',
        form: /\(formulário A36\)$/,
        version: '1.8.3',
        schema: 'cod_ver_1.8.3.xsd',
        exporter: /^QUINUA ANDINA EXPORTACIONES S\.R\.L\. \(BO · Cochabamba/,
      },
      {
        file: 'co-a72-4.1.0-certified.xml',
        id: 'COMCTA72260000088121',
        form: /\(formulário A72\)$/,
        version: '4.1.0',
        schema: 'cod_ver_4.1.0.xsd',
        exporter: /^Flores del Sabana S\.A\.S\. \(CO · Funza/,
      },
    ];
    for (const c of cases) {
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: c.file, mimeType: 'application/xml', buffer: fixture(c.file) });
      await expect(page.getByText(c.id, { exact: true })).toBeVisible();
      await expect(page.getByText(c.form)).toBeVisible();
      await expect(page.getByRole('row', { name: /Versão do COD/ })).toContainText(c.version);
      const schema = page.getByRole('row', { name: /Esquema da ALADI/ });
      await expect(schema).toContainText('Conforme');
      await expect(schema).toContainText(c.schema);
      await expect(page.getByText(c.exporter)).toBeVisible();
      // Filled by the foreign entity, not yet signed: both signatures reported absent.
      await expect(page.getByLabel('Assinatura do exportador: Ausente')).toBeVisible();
      await shot(page, `staff-${c.version}`);
    }
  });
});
