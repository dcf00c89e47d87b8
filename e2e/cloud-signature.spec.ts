import { testPerson } from '../apps/api/src/documents/signing/test-pki';
import { xmlsecVerifies } from '../apps/api/src/documents/signing/xmlsec';
import { xmllintErrors } from '../apps/api/src/documents/xml/schemas';
import { type LoopbackProvider, startCloudProvider } from '../apps/api/src/test/cloud-provider';
import { violations } from './axe';
import { answerDialog, expect, expectSuccess, test } from './fixtures';
import { APP_PORT } from './playwright.config';
import { apiOf, certificateAwaitingSignature, status, trustedCa, trustedPem } from './signature-steps';

/**
 * Issue 38 in the browser: the administrator registers a cloud signature provider (a loopback PSC this spec starts,
 * holding e-CPFs of the CA the server trusts) on its screen; the exporter's user signs a certificate's first
 * signature through it — the redirect to the provider's authorize page, "Aprovar", the way back — after a refusal
 * ("Recusar") that changed nothing; the association's official gives the second signature the same way and the
 * certificate is issued, its COD verified by xmlsec1 (both signatures) and validated by xmllint.
 */

const NAME = 'Nuvem Teste E2E';
let provider: LoopbackProvider;

test.describe
  .serial('signing with a cloud certificate', () => {
    test.beforeAll(async () => {
      provider = await startCloudProvider({
        redirectUri: `http://localhost:${APP_PORT}/assinatura-nuvem/retorno`,
        holders: [],
      });
      // The holder answers on the provider's page, with its buttons.
      provider.answer('ask');
    });
    test.afterAll(async () => {
      await provider?.close();
    });

    test('the administrator registers the provider on the providers screen', async ({ pageAs }) => {
      const page = await pageAs('admin');
      await page.goto('/administracao/assinatura-nuvem');
      await expect(page.getByRole('heading', { level: 1, name: 'Assinatura em nuvem' })).toBeVisible();
      await expect(page.getByText(`http://localhost:${APP_PORT}/assinatura-nuvem/retorno`)).toBeVisible();
      await page.getByRole('button', { name: 'Novo provedor' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome').fill(NAME);
      // Plain http to a host the server does not allow is refused next to the field.
      await dialog.getByLabel('Endereço base da API (até /v0)').fill('http://psc.example.com.br/v0');
      await dialog.getByLabel('Client ID').fill(provider.clientId);
      await dialog.getByLabel('Client secret').fill(provider.clientSecret);
      await dialog.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(dialog.getByText(/deve usar https:\/\//)).toBeVisible();
      await dialog.getByLabel('Endereço base da API (até /v0)').fill(provider.url);
      await dialog.getByRole('button', { name: 'Cadastrar' }).click();
      await expectSuccess(page, 'Provedor de assinatura em nuvem cadastrado com sucesso!');
      const row = page.getByRole('row').filter({ hasText: NAME });
      await expect(row).toContainText(provider.url);
      await expect(row).toContainText('Cadastrado nesta tela');
      await expect(page.getByText(provider.clientSecret)).toHaveCount(0);
      expect(await violations(page, '/administracao/assinatura-nuvem')).toEqual([]);
    });

    test('the legal representative signs the certificate through the provider, after a refusal that changed nothing', async ({
      pageAs,
      request,
    }) => {
      test.setTimeout(120_000);
      const page = await pageAs('exportador');
      await page.goto('/certificado');
      await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
      const { id, representative } = await certificateAwaitingSignature(await apiOf(page, request));
      const ca = trustedCa();
      const person = { name: representative.name.toUpperCase(), cpf: representative.cpf.replace(/\D/g, '') };
      provider.add([{ ...person, ...testPerson(ca, person) }]);

      await page.goto(`/certificado/${id}`);
      await expect(status(page)).toHaveText('Aguardando assinatura do exportador');
      await page.getByRole('button', { name: 'Assinar (exportador) com certificado em nuvem' }).click();
      await expect(page).toHaveURL(new RegExp(`/assinatura-digital-nuvem/${id}\\?tipo=certificado$`));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Assinatura com certificado em nuvem' }),
      ).toBeVisible();
      await expect(page.getByText(`Quem assina: ${representative.name}`)).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: NAME });
      await expect(item).toContainText('Certificado encontrado para este CPF');
      expect(await violations(page, '/assinatura-digital-nuvem')).toEqual([]);

      // First the holder refuses on the provider's page: back in Origem, the refusal in Portuguese, nothing changed.
      await item.getByRole('button', { name: `Assinar com ${NAME}` }).click();
      await answerDialog(page, 'não pode ser desfeita', 'Continuar');
      await expect(page.getByRole('heading', { name: 'Provedor de teste' })).toBeVisible();
      expect(new URL(page.url()).origin).not.toBe(`http://localhost:${APP_PORT}`);
      await page.getByRole('button', { name: 'Recusar' }).click();
      await expect(page.getByText('A assinatura não foi concluída')).toBeVisible();
      await expect(page.getByText(`A assinatura foi recusada no ${NAME}. Nada foi alterado`)).toBeVisible();
      // The code and state are not left in the address.
      await expect(page).toHaveURL(/\/assinatura-nuvem\/retorno$/);
      await page.getByRole('button', { name: 'Tentar de novo' }).click();

      // Then the holder approves: the certificate is signed and sent for analysis.
      await expect(page).toHaveURL(new RegExp(`/assinatura-digital-nuvem/${id}\\?tipo=certificado$`));
      await page
        .getByRole('listitem')
        .filter({ hasText: NAME })
        .getByRole('button', { name: `Assinar com ${NAME}` })
        .click();
      await answerDialog(page, 'não pode ser desfeita', 'Continuar');
      await page.getByRole('button', { name: 'Aprovar' }).click();
      await expectSuccess(page, 'Certificado assinado e enviado para análise!');
      await expect(page).toHaveURL(new RegExp(`/certificado/${id}$`));
      await expect(status(page)).toHaveText('Enviado para análise');
      await expect(page.getByRole('button', { name: /com certificado em nuvem/ })).toHaveCount(0);
    });

    test("the entity's official signs through the provider: EMITIDO, a COD xmlsec1 and xmllint accept", async ({
      pageAs,
      request,
    }) => {
      test.setTimeout(120_000);
      const exporterPage = await pageAs('exportador');
      await exporterPage.goto('/certificado');
      await expect(exporterPage.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
      const exporter = await apiOf(exporterPage, request);
      const { id, representative } = await certificateAwaitingSignature(exporter);
      const ca = trustedCa();
      const rep = { name: representative.name.toUpperCase(), cpf: representative.cpf.replace(/\D/g, '') };
      provider.add([{ ...rep, ...testPerson(ca, rep) }]);

      // The first signature through the provider too, the holder approving at once (the previous test did it on screen).
      await exporterPage.goto(`/assinatura-digital-nuvem/${id}?tipo=certificado`);
      provider.answer('approve');
      await exporterPage.getByRole('button', { name: `Assinar com ${NAME}` }).click();
      await answerDialog(exporterPage, 'não pode ser desfeita', 'Continuar');
      await expectSuccess(exporterPage, 'Certificado assinado e enviado para análise!');
      provider.answer('ask');

      const page = await pageAs('associacao');
      await page.goto('/certificado');
      await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
      const official = await apiOf(page, request);
      await official.get(`/v1/certificate/send_analyzing/${id}?type_analysis=analise`);
      await official.post(`/v1/certificate/approve/${id}`, { data: {} });
      const me = await page.evaluate(
        () => JSON.parse(localStorage.getItem('origem.user') ?? '{}') as { name: string; cpf: string },
      );
      const holder = { name: me.name.toUpperCase(), cpf: me.cpf.replace(/\D/g, '') };
      provider.add([{ ...holder, ...testPerson(ca, holder) }]);

      await page.goto(`/certificado/${id}`);
      await expect(status(page)).toHaveText('Aprovado — aguardando assinatura da entidade');
      await page.getByRole('button', { name: 'Assinar (entidade) com certificado em nuvem' }).click();
      await expect(page.getByText(`Quem assina: ${me.name}`)).toBeVisible();
      await page.getByRole('button', { name: `Assinar com ${NAME}` }).click();
      await answerDialog(page, 'não pode ser desfeita', 'Continuar');
      await page.getByRole('button', { name: 'Aprovar' }).click();
      await expectSuccess(page, 'Certificado assinado pela entidade e EMITIDO!');
      await expect(page).toHaveURL(new RegExp(`/certificado-consulta/${id}$`));
      await expect(status(page)).toHaveText('Emitido');

      const token = await page.evaluate(() => localStorage.getItem('origem.token') ?? '');
      const cod = await request.get(`/v1/certificate/xml/download/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cod.status()).toBe(200);
      const xml = await cod.text();
      expect(xmlsecVerifies(xml, 'COD', trustedPem())).toBe(true);
      expect(xmlsecVerifies(xml, 'CODEH', trustedPem())).toBe(true);
      expect(xmllintErrors(xml, 'complete')).toBeNull();
    });
  });
