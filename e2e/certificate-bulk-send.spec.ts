import { apiOf, certificateOf } from './certificate-steps';
import { expect, test } from './fixtures';

/**
 * Issue 25: the exporter selects drafts in the certificates list and sends them for analysis at once. Three are
 * ready and one lacks its commercial invoice: the result dialog lists each with its outcome (the refusal with its
 * reason) and the list shows the new statuses. The invoice numbers are new on each run, so the list is filtered to
 * this run's certificates.
 */

test('the exporter sends three drafts for analysis from the list, with a result per certificate', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('exportador');
  const api = await apiOf(page);
  const run = `LOTE-${String(Date.now()).slice(-8)}`;
  const ready = [];
  for (const n of [1, 2, 3]) ready.push((await certificateOf(api, { invoice: `${run}-${n}` })).id);
  const missing = (await certificateOf(api, { invoice: `${run}-4`, attachInvoice: false })).id;
  // Already sent: shown in the list, but it cannot be selected.
  const sent = (await certificateOf(api, { invoice: `${run}-5`, send: true })).id;

  await page.goto(`/certificado?invoice_number=${run}`);
  const table = page.getByRole('table', { name: 'Lista de certificados' });
  const rowOf = (id: number) => table.getByRole('row').filter({ hasText: `Certificado nº ${id}` });
  await expect(rowOf(missing)).toBeVisible();
  await expect(table.getByLabel(`Selecionar Certificado nº ${sent}`)).toBeDisabled();

  for (const id of [...ready, missing]) await table.getByLabel(`Selecionar Certificado nº ${id}`).check();
  const selection = page.getByLabel('Certificados selecionados');
  await expect(selection).toContainText('4 certificados selecionados');
  await selection.getByRole('button', { name: 'Enviar para análise' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Enviar 4 certificados para análise?');
  await confirm.getByRole('button', { name: 'Enviar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Resultado do envio para análise' });
  await expect(dialog.getByRole('status')).toHaveText('3 enviados, 1 recusado.');
  const results = dialog.getByRole('table', { name: 'Resultado do envio para análise' });
  for (const id of ready) {
    const row = results.getByRole('row').filter({ hasText: `Certificado nº ${id}` });
    await expect(row).toContainText('Enviado');
    await expect(row).toContainText('Enviado para análise');
  }
  const refused = results.getByRole('row').filter({ hasText: `Certificado nº ${missing}` });
  await expect(refused).toContainText('Recusado');
  await expect(refused).toContainText('Envie a fatura comercial (PDF) antes de enviar o certificado.');
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The list, reloaded after the send: the three moved on, the one without its invoice is still a draft.
  await expect(selection).toBeHidden();
  for (const id of ready) await expect(rowOf(id)).toContainText('Enviado para análise');
  await expect(rowOf(missing)).toContainText('Rascunho');
  await expect(table.getByLabel(`Selecionar Certificado nº ${ready[0]}`)).toBeDisabled();
});
