import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerDialog,
  jsonResponse,
  makeUser,
  renderRoutes,
  storeSession,
  stubApiByPath,
} from '../../test-utils';
import { CloudReturnPage } from './cloud-return-page';
import { CloudSignaturePage } from './cloud-signature-page';
import { ProvidersPage } from './providers-page';

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const certificate = (actions: string[]) => ({
  id: 5,
  certificate_number: null,
  status: actions.length ? 'AGUARDANDO_ASSINATURA' : 'ENVIADO',
  certificate_flow: { id: 'x', name: 'x' },
  legal_representative: { id: 2, name: 'Maria Responsável', cpf: '52998224725' },
  actions,
});

const discovery = {
  signer: { name: 'Maria Responsável', cpf: '529.982.247-25' },
  providers: [
    { key: 'env:BirdID', name: 'BirdID', status: 'holder' },
    { key: 'id:3', name: 'VIDaaS', status: 'not_holder' },
    { key: 'id:4', name: 'NeoID', status: 'unavailable' },
  ],
};

describe('/assinatura-digital-nuvem/$id', () => {
  it(
    'shows who signs and each provider; the chosen one starts an attempt and the browser leaves for it',
    async () => {
      storeSession(makeUser('exportador'));
      // jsdom does not navigate: the call is what matters.
      const leave = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: leave });
      const calls = stubApiByPath(
        {
          '/v1/certificate/5': certificate(['first_signature']),
          '/v1/certificate/first/signature/cloud/5': discovery,
        },
        () =>
          jsonResponse(200, {
            authorize_url: 'https://birdid.example/v0/oauth/authorize?state=x',
            expires_at: '2026-01-01T12:10:00Z',
          }),
      );
      renderRoutes('/assinatura-digital-nuvem/5?tipo=certificado', {
        '/assinatura-digital-nuvem/$id': CloudSignaturePage,
      });
      expect(await screen.findByText('Quem assina: Maria Responsável (CPF 529.982.247-25)')).toBeTruthy();
      const items = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'BirdIDCertificado encontrado para este CPFAssinar com BirdID',
        'VIDaaSNenhum certificado deste CPF neste provedorAssinar com VIDaaS',
        'NeoIDO provedor não respondeu agoraAssinar com NeoID',
      ]);
      expect((screen.getByRole('button', { name: 'Assinar com VIDaaS' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Assinar com BirdID' }));
      await answerDialog('não pode ser desfeita', 'Continuar');
      await waitFor(() =>
        expect(leave).toHaveBeenCalledWith('https://birdid.example/v0/oauth/authorize?state=x'),
      );
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/v1/certificate/first/signature/cloud/5', body: { provider: 'env:BirdID' } },
      ]);
    },
    SLOW,
  );

  it(
    'says so when no signature is due from this user',
    async () => {
      storeSession(makeUser('exportador'));
      const calls = stubApiByPath({ '/v1/certificate/5': certificate([]) }, () => jsonResponse(500, {}));
      renderRoutes('/assinatura-digital-nuvem/5?tipo=certificado', {
        '/assinatura-digital-nuvem/$id': CloudSignaturePage,
      });
      expect(await screen.findByText('Nenhuma assinatura sua está pendente neste documento')).toBeTruthy();
      expect(calls.map((c) => c.url)).toEqual(['/v1/certificate/5']);
    },
    SLOW,
  );
});

describe('/assinatura-nuvem/retorno', () => {
  const routes = {
    '/assinatura-nuvem/retorno': CloudReturnPage,
    '/certificado-consulta/$id': () => 'a consulta do certificado',
    '/assinatura-digital-nuvem/$id': () => 'a tela de assinatura em nuvem',
  };

  it(
    "posts the provider's answer once and lands on the record the signature was about",
    async () => {
      storeSession(makeUser('associacao'));
      const calls = stubApiByPath({}, () =>
        jsonResponse(200, {
          message: 'Certificado assinado pela entidade e EMITIDO!',
          document: 'certificado',
          record_id: 5,
          purpose: 'certificate_second',
        }),
      );
      renderRoutes('/assinatura-nuvem/retorno?code=abc&state=s1', routes);
      expect(await screen.findByText('a consulta do certificado')).toBeTruthy();
      expect(calls).toEqual([
        { method: 'POST', url: '/v1/cloud_signature/callback', body: { state: 's1', code: 'abc' } },
      ]);
    },
    SLOW,
  );

  it(
    "shows a refusal in the server's words, with the way back to the record",
    async () => {
      storeSession(makeUser('exportador'));
      const calls = stubApiByPath({}, () =>
        jsonResponse(422, {
          code: 'FlowActionRefused',
          message: 'A assinatura foi recusada no BirdID. Nada foi alterado.',
          document: 'certificado',
          record_id: 5,
          purpose: 'certificate_first',
        }),
      );
      renderRoutes('/assinatura-nuvem/retorno?error=access_denied&state=s2', routes);
      expect(await screen.findByText('A assinatura não foi concluída')).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(
        'A assinatura foi recusada no BirdID. Nada foi alterado.',
      );
      expect(calls[0]?.body).toEqual({ state: 's2', error: 'access_denied' });
      expect(screen.getByRole('link', { name: 'Voltar para o certificado' }).getAttribute('href')).toBe(
        '/certificado/5',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
      expect(await screen.findByText('a tela de assinatura em nuvem')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'an address without state is refused here, without asking the server',
    async () => {
      storeSession(makeUser('exportador'));
      const calls = stubApiByPath({}, () => jsonResponse(500, {}));
      renderRoutes('/assinatura-nuvem/retorno?code=abc', routes);
      expect(await screen.findByText(/endereço de retorno do provedor está incompleto/)).toBeTruthy();
      expect(calls).toEqual([]);
    },
    SLOW,
  );
});

describe('/administracao/assinatura-nuvem', () => {
  it(
    "lists the operator's providers (read-only) and the screen's, and registers a new one",
    async () => {
      storeSession(makeUser('admin'));
      const calls = stubApiByPath(
        {
          '/v1/cloud_signature/provider': {
            callback_url: 'https://origem.example/assinatura-nuvem/retorno',
            data: [
              {
                key: 'env:NeoID',
                id: null,
                name: 'NeoID',
                base_url: 'https://neoid.example/v0',
                client_id: 'a',
                source: 'environment',
                updated_at: null,
              },
              {
                key: 'id:2',
                id: 2,
                name: 'BirdID',
                base_url: 'https://birdid.example/v0',
                client_id: 'b',
                source: 'screen',
                updated_at: '2026-01-01T00:00:00Z',
              },
            ],
          },
        },
        () =>
          jsonResponse(201, {
            provider: {},
            message: 'Provedor de assinatura em nuvem cadastrado com sucesso!',
          }),
      );
      renderRoutes('/administracao/assinatura-nuvem', { '/administracao/assinatura-nuvem': ProvidersPage });
      expect(await screen.findByText('https://origem.example/assinatura-nuvem/retorno')).toBeTruthy();
      const neo = screen.getByRole('row', { name: /NeoID/ });
      expect(within(neo).queryByRole('button')).toBeNull();
      expect(within(neo).getByText('Definido pelo operador do servidor')).toBeTruthy();
      expect(
        within(screen.getByRole('row', { name: /BirdID/ })).getByRole('button', {
          name: 'Alterar o provedor BirdID',
        }),
      ).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Novo provedor' }));
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'VIDaaS' } });
      fireEvent.change(screen.getByLabelText('Endereço base da API (até /v0)'), {
        target: { value: 'https://certificado.vidaas.example/v0' },
      });
      fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'origem' } });
      fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'segredo' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/v1/cloud_signature/provider',
        body: {
          name: 'VIDaaS',
          base_url: 'https://certificado.vidaas.example/v0',
          client_id: 'origem',
          client_secret: 'segredo',
        },
      });
    },
    SLOW,
  );
});
