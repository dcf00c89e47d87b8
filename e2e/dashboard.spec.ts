import { expect, test } from './fixtures';

test.describe('painel (início)', () => {
  test.use({ role: 'associacao' });

  test('shows the figures, the charts and the lists; a figure opens its filtered list', async ({ page }) => {
    const charts = page.waitForResponse((res) => /dashboard-charts-.*\.js$/.test(res.url()));
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Painel' });
    await expect(panel.getByText('Certificados aguardando análise')).toBeVisible();
    await expect(panel.getByText('Declarações atualizadas recentemente')).toBeVisible();
    await charts;
    await expect(page.getByRole('figure', { name: /Certificados emitidos por mês/ })).toBeVisible();
    await expect(page.locator('.recharts-bar-rectangles, .recharts-cartesian-grid').first()).toBeAttached();
    await expect(
      panel.getByRole('heading', { name: 'Atividade recente' }).or(panel.getByText('Atividade recente')),
    ).toBeVisible();
    // Work, not sign-ins (issue 22): this very session's sign-in is in the trail, but not in the list.
    const activity = panel.locator('.ant-card').filter({ hasText: 'Atividade recente' });
    await expect(activity.locator('.ant-list-item, .ant-empty').first()).toBeVisible();
    await expect(activity.getByText(/— (Login|Logout|Falha de login) ·/)).toHaveCount(0);
    for (const href of await activity
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/[a-z-_/]+\/\d+$/);
    }
    await page.screenshot({ path: test.info().outputPath('painel.png'), fullPage: true });

    const figure = panel.getByRole('link', { name: /^Declarações: Rascunho\s*\d+$/ });
    await figure.click();
    await expect(page).toHaveURL(/\/declaracao\?declaration_flow_id=RASCUNHO$/);
  });
});

test('the chart library is not loaded by the sign-in page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((url) => url.includes('dashboard-charts'))).toBe(false);
});
