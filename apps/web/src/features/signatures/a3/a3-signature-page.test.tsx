import { SIGNER_DOWNLOAD_FAILED } from '@origem/contract/schemas/signer';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../../../test-utils';
import { FeedbackBridge } from '../../../ui/feedback-host';
import { A3SignaturePage } from './a3-signature-page';

const certificate = (status: string, name: string, actions: string[]) => ({
  id: 7,
  certificate_number: null,
  exporter: { id: 1, name: 'Exportadora Teste' },
  status,
  certificate_flow: { id: status, name },
  legal_representative: { id: 2, name: 'Maria Responsável' },
  actions,
});

const declaration = (signedAt: string | null, sign: boolean) => ({
  id: 9,
  product_name: 'Café torrado',
  status: 'EM_ANALISE',
  legal_representative: { id: 2, name: 'Maria Responsável' },
  signed_at: signedAt,
  can: { sign },
});

function renderPage(entry = '/assinatura-digital-a3/7') {
  const rootRoute = createRootRoute({
    component: () => (
      <App>
        <FeedbackBridge />
        <Outlet />
      </App>
    ),
  });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/assinatura-digital-a3/$id',
    component: A3SignaturePage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [entry] }),
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/assinatura-digital-a3/$id', () => {
  it('issues a code, shows the command and notices when the signature was accepted', async () => {
    storeSession(makeUser('exportador'));
    const fetchMock = stubFetch(
      jsonResponse(200, certificate('AGUARDANDO_ASSINATURA', 'Aguardando assinatura', ['first_signature'])),
      jsonResponse(200, {
        token: 'codigo-unico',
        expires_at: '2026-01-01T12:15:00Z',
        server: 'http://origem.test',
        target: 'COD',
      }),
      jsonResponse(200, certificate('ENVIADO', 'Enviado', [])),
    );
    renderPage();
    expect(await screen.findByText(/Primeira assinatura/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Gerar código de assinatura/ }));
    expect(await screen.findByText(/--codigo=codigo-unico/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/v1/certificate/first/signature/a3/7');
    // The screen polls the certificate until the signer's post moved it.
    expect(await screen.findByText('Assinatura registrada', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText(/situação "Enviado"/)).toBeTruthy();
  }, 30_000);

  it('?tipo=declaracao: the declaration code, then the signature noticed by signed_at', async () => {
    storeSession(makeUser('exportador'));
    const fetchMock = stubFetch(
      jsonResponse(200, declaration(null, true)),
      jsonResponse(200, {
        token: 'codigo-declaracao',
        expires_at: '2026-01-01T12:15:00Z',
        server: 'http://origem.test',
        target: 'Declaration',
      }),
      jsonResponse(200, declaration('2026-01-01T12:05:00Z', false)),
    );
    renderPage('/assinatura-digital-a3/9?tipo=declaracao');
    expect(await screen.findByText(/Maria Responsável assina a declaração/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/v1/declaration/9');
    expect(screen.getByText(/só para esta declaração e para você/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Gerar código de assinatura/ }));
    expect(await screen.findByText(/--codigo=codigo-declaracao/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/v1/declaration/signature/a3/9');
    // The status does not move (the analyst approves later): signed_at tells the signature was accepted.
    expect(await screen.findByText('Assinatura registrada', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText(/segue para a aprovação do analista/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a declaração' }).getAttribute('href')).toBe(
      '/declaracao/9',
    );
  }, 30_000);

  it('a declaration already signed: nothing due', async () => {
    storeSession(makeUser('exportador'));
    stubFetch(jsonResponse(200, declaration('2026-01-01T12:05:00Z', false)));
    renderPage('/assinatura-digital-a3/9?tipo=declaracao');
    expect(await screen.findByText('Nenhuma assinatura pendente para você nesta declaração')).toBeTruthy();
    expect(screen.getByText(/Situação atual: "Em análise"/)).toBeTruthy();
  }, 30_000);

  it('says the spec message when the signer cannot be downloaded', async () => {
    storeSession(makeUser('exportador'));
    stubFetch(
      jsonResponse(200, certificate('AGUARDANDO_ASSINATURA', 'Aguardando assinatura', ['first_signature'])),
      jsonResponse(404, { code: 'NotFound', message: 'indisponível' }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Baixar o assinador/ }));
    expect((await screen.findAllByText(SIGNER_DOWNLOAD_FAILED)).length).toBeGreaterThan(0);
  }, 30_000);

  it('tells a user with no signature due', async () => {
    storeSession(makeUser('exportador'));
    stubFetch(jsonResponse(200, certificate('EMITIDO', 'Emitido', [])));
    renderPage();
    expect(await screen.findByText('Nenhuma assinatura pendente para você neste certificado')).toBeTruthy();
  }, 30_000);
});
