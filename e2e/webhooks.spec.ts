import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { sideMenu } from './screens';
import { apiOf, demoCertificate } from './signature-steps';

test.use({ role: 'exportador' });

type Delivery = { body: { event: string; id: number; status: string }; signed: boolean };

/**
 * Issue 25: an exporter registers a webhook in the browser, the analyst approves one of its certificates, and the
 * exporter's receiver (a real HTTP server on loopback) gets the signed delivery that the delivery log then shows.
 */
test('a webhook registered in the browser receives the approval, and the log shows it delivered', async ({
  page,
  request,
  pageAs,
}) => {
  let secret = '';
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-origem-signature'] ?? '');
      const t = /t=(\d+)/.exec(header)?.[1] ?? '';
      const mac = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
      received.push({ body: JSON.parse(raw), signed: header.endsWith(`v1=${mac}`) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/origem`;

  try {
    await page.goto('/');
    await sideMenu(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo webhook' });
    await dialog.getByLabel('Endereço (URL)').fill(url);
    await dialog.getByRole('checkbox', { name: 'Certificado enviado para análise' }).check();
    await dialog.getByRole('checkbox', { name: 'Certificado aprovado' }).check();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook cadastrado' });
    const field = shown.getByLabel('Segredo de assinatura');
    await expect(field).toHaveValue(/^whsec_/);
    secret = await field.inputValue();
    await shown.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByRole('row').filter({ hasText: url })).toBeVisible();

    // The exporter sends a paper certificate; the analyst takes and approves it.
    const exporter = await apiOf(page, request);
    const { id } = await demoCertificate(exporter, false);
    await exporter.post(`/v1/certificate/send_analysis/${id}`, { data: {} });
    const analystPage = await pageAs('analista');
    await analystPage.goto('/');
    const analyst = await apiOf(analystPage, request);
    await analyst.get(`/v1/certificate/send_analyzing/${id}?type_analysis=analise`);
    await analyst.post(`/v1/certificate/approve/${id}`, { data: {} });

    // The worker delivers on its next tick (every few seconds).
    await expect
      .poll(() => received.map((d) => d.body.event).sort(), { timeout: 30_000 })
      .toEqual(['certificate.approved', 'certificate.sent']);
    expect(received.every((d) => d.signed && d.body.id === id)).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: `Entregas do webhook ${url}` }).click();
    const log = page.getByRole('table', { name: 'Registro de entregas' });
    const approvedRow = log.getByRole('row').filter({ hasText: 'Certificado aprovado' });
    await expect(approvedRow.getByText('Entregue')).toBeVisible();
    await expect(approvedRow.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    // "Reenviar" sends it again.
    await approvedRow.getByRole('button', { name: /Reenviar/ }).click();
    await expect(page.getByText('Entrega reenfileirada')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
