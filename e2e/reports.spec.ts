import { readFile } from 'node:fs/promises';
import { expect, expectSuccess, test } from './fixtures';

test.describe('relatórios de faturamento', () => {
  test.use({ role: 'admin' });

  test('each screen asks for the period in its address and shows what was billed', async ({ page }) => {
    const summary = page.waitForResponse((res) => res.url().includes('/v1/report/federation?'));
    await page.goto('/relatorios/faturamento-federacao?start_date=2026-03-01&end_date=2026-03-31');
    const answer = await summary;
    expect(answer.status()).toBe(200);
    expect(answer.url()).toContain('start_date=2026-03-01');
    await expect(page.getByRole('heading', { name: 'Faturamento por federação' })).toBeVisible();
    await expect(page.getByText('Configuração do relatório')).toBeVisible();
    await expect(page.getByLabel('Data inicial')).toHaveValue('01/03/2026');
    await expect(
      page.getByText('Nenhum certificado emitido no período. Escolha outro período.'),
    ).toBeVisible();
    // A layout saved from here is offered again as a custom report (/v2/custom_report).
    const name = `Enxuto ${Date.now()}`;
    await page.getByLabel('Salvar estas colunas e o agrupamento como').fill(name);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v2/custom_report') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await saved).status()).toBe(201);
    await expectSuccess(page, 'Relatório personalizado salvo com sucesso!');
    await expect(
      page
        .locator('#relatorio-personalizado')
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
    ).toContainText(name);
    await page.screenshot({ path: test.info().outputPath('faturamento-federacao.png'), fullPage: true });

    for (const [path, title, call] of [
      ['/relatorios/faturamento-ac', 'Faturamento por associação', '/v1/report/trade_association?'],
      ['/relatorios/faturamento-exportador', 'Faturamento por exportador', '/v1/report/exporter?'],
      ['/relatorios/faturamento-despachante', 'Faturamento por despachante', '/v1/report/dispatcher?'],
      ['/relatorios/pre-recibo', 'Pré-recibo', '/v1/report/prereceipt?'],
    ] as const) {
      const res = page.waitForResponse((r) => r.url().includes(call));
      await page.goto(path);
      expect((await res).status()).toBe(200);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
  });
});

test.describe('desempenho dos analistas', () => {
  test.use({ role: 'admin' });

  test('the audit screen saves performance_audit.csv', async ({ page }) => {
    await page.goto('/auditoria');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Desempenho dos analistas (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('performance_audit.csv');
    const text = (await readFile(await file.path())).toString('utf8');
    expect(text.startsWith('\uFEFFMês;Analista;E-mail;Declarações analisadas;')).toBe(true);
  });
});
