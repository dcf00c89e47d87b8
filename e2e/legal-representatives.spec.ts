import { expect, test } from './fixtures';
import {
  addLegalRepresentative,
  downloadProcurationFromList,
  rowOf,
  samplePdf,
} from './legal-representative-steps';
import { uniqueCpf } from './tax-ids';

test('the exporter adds a representative with a procuration, downloads it, and sees an expired one flagged', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  await page.goto('/');
  const stamp = Date.now().toString().slice(-6);
  const valid = `Rafael Prado ${stamp}`;
  const pdf = samplePdf(`Procuracao ${stamp}`);
  const cpf = uniqueCpf();
  await addLegalRepresentative(page, {
    name: valid,
    cpf,
    email: `rafael.${stamp}@cafesantista.origem.local`,
    validUntil: `30/06/${new Date().getFullYear() + 2}`,
    procuration: { name: 'procuracao-assinada.pdf', buffer: pdf },
  });

  // Its own book: the demo representative and the new one, the new one's procuration in force.
  await expect(rowOf(page, 'Marina Tavares Lima')).toBeVisible();
  await expect(rowOf(page, valid)).toContainText(
    cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
  );
  await expect(rowOf(page, valid)).toContainText('Diretor');
  await expect(rowOf(page, valid).getByText('Em vigor')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Exportador' })).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/lista-responsaveis.png`, fullPage: true });

  await downloadProcurationFromList(page, valid, pdf);

  // A procuration valid until a past date is accepted, and flagged in the list.
  const expired = `Helena Duarte ${stamp}`;
  await addLegalRepresentative(page, {
    name: expired,
    cpf: uniqueCpf(),
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
  // Shown by the name it downloads as (SPEC §9), the name the browser saves it under (issue 9, item 11).
  await expect(page.getByText(/procuracao\.pdf/)).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/responsavel-vencido.png`, fullPage: true });
});
