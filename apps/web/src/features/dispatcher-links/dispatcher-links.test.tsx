import type { DispatcherLink, DispatcherLinkDetail } from '@origem/contract/schemas/dispatcher-links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  answerDialog,
  findToast,
  jsonResponse,
  makeUser,
  onePage,
  renderRoutes,
  storeSession,
  stubApiByPath,
} from '../../test-utils';
import { pageReload } from './link-actions';
import { LinkAnalysisPage } from './link-analysis-page';
import { RequestExporterLinkPage } from './link-request-page';
import { DispatcherLinksListPage } from './links-list-page';

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cafe = { id: 4, name: 'Café Santista Exportadora Ltda.', cpf: null, cnpj: '11222333000181' };
const acucar = { id: 5, name: 'Açúcar Paulista Exportadora S.A.', cpf: null, cnpj: '61000001000155' };
const porto = { id: 7, name: 'Porto Despachos Aduaneiros Ltda.', cpf: null, cnpj: '44555666000190' };

function link(id: number, exporter: typeof cafe, overrides: Partial<DispatcherLink> = {}): DispatcherLink {
  return {
    id,
    status: 'SOLICITADO',
    exporter_id: exporter.id,
    exporter,
    dispatcher_id: porto.id,
    dispatcher: porto,
    trade_association_id: 1,
    trade_association: { id: 1, name: 'Associação Comercial de Santos' },
    requested_by: 'dispatcher',
    requested_by_user: { id: 9, name: 'Pessoa Despachante' },
    deletion_requested_by: null,
    deletion_requested_by_user: null,
    approved_at: null,
    ended_at: null,
    created_at: '2026-03-10T12:00:00.000Z',
    updated_at: '2026-03-10T12:00:00.000Z',
    actions: ['remove'],
    ...overrides,
  };
}

/** GETs answered from `gets` (by path); every other call with `answer`'s body, 200. */
const stubApi = (gets: Record<string, unknown>, answer: (call: ApiCall) => unknown) =>
  stubApiByPath(gets, (call) => jsonResponse(200, answer(call)));

/** `ui` on its real path (`pattern`), beside a stand-in for the dispatcher's list the screens lead back to. */
function renderAt(pattern: string, path: string, ui: () => ReactNode) {
  return renderRoutes(path, {
    '/vinculo/lista-vinculos-despachante': () => 'lista do despachante',
    [pattern]: ui,
  }).router;
}

describe('dispatcher-exporter link screens', () => {
  it(
    "the dispatcher's list: the exporters with the flow's tags; asking for a deletion reloads the page",
    async () => {
      storeSession(makeUser('despachante', { dispatcher: { id: porto.id } }));
      const approved = link(2, cafe, { status: 'APROVADO', actions: ['request_deletion'] });
      const calls = stubApi({ '/v1/dispatcher_exporter/link': onePage([link(1, acucar), approved]) }, () => ({
        message: 'Solicitação de exclusão enviada para o exportador!',
        dispatcher_exporter_link: approved,
      }));
      const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
      renderAt(
        '/vinculo/lista-vinculos-despachante',
        '/vinculo/lista-vinculos-despachante?status=APROVADO',
        () => <DispatcherLinksListPage />,
      );

      const cafeRow = (await screen.findByText(cafe.name, {}, { timeout: 10_000 })).closest(
        'tr',
      ) as HTMLElement;
      expect(within(cafeRow).getByText('Aprovado')).toBeTruthy();
      expect(within(cafeRow).getByText('11.222.333/0001-81')).toBeTruthy();
      const acucarRow = screen.getByText(acucar.name).closest('tr') as HTMLElement;
      expect(within(acucarRow).getByText('Solicitado')).toBeTruthy();
      expect(within(acucarRow).getByRole('button', { name: /Apagar solicitação/ })).toBeTruthy();
      // Its own side: no dispatcher column; the filter in the address reached the server.
      expect(screen.queryByRole('columnheader', { name: 'Despachante' })).toBeNull();
      expect(calls[0]?.url).toContain('status=APROVADO');
      expect(screen.getByRole('button', { name: 'Solicitar vínculo com exportador' })).toBeTruthy();

      fireEvent.click(within(cafeRow).getByRole('button', { name: /Solicitar exclusão/ }));
      await answerDialog(
        'Solicitar a exclusão deste vínculo? A outra parte precisará confirmar.',
        'Solicitar exclusão',
      );
      await answerDialog('Solicitação de exclusão enviada para o exportador!', 'OK');
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/v1/dispatcher_exporter/link/2/deletion');
    },
    SLOW,
  );

  it(
    'the request form searches the exporters not yet linked as the user types and shows the spec’s text',
    async () => {
      storeSession(makeUser('despachante', { dispatcher: { id: porto.id } }));
      const calls = stubApi(
        { '/v1/dispatcher/all_not_bind': { data: [{ ...acucar, trade_association_id: 1 }] } },
        () => ({
          message: 'Solicitação de vínculo com exportador realizado com sucesso!',
          dispatcher_exporter_link: link(3, acucar),
        }),
      );
      const router = renderAt('/vinculo/solicita-exportador', '/vinculo/solicita-exportador', () => (
        <RequestExporterLinkPage />
      ));
      // Nothing chosen: the field says so, nothing is sent.
      fireEvent.click(await screen.findByRole('button', { name: 'Solicitar vínculo' }, { timeout: 10_000 }));
      expect(await screen.findByText('Escolha o exportador.')).toBeTruthy();

      // A type-ahead: what is typed goes to the server, which answers the first page of matches.
      const field = screen.getByLabelText('Exportador');
      fireEvent.mouseDown(field);
      fireEvent.change(field, { target: { value: 'Açúcar' } });
      await waitFor(() =>
        expect(
          calls.some(
            (c) =>
              c.url.startsWith('/v1/dispatcher/all_not_bind?') &&
              new URLSearchParams(c.url.split('?')[1]).get('name') === 'Açúcar' &&
              new URLSearchParams(c.url.split('?')[1]).get('per_page') === '20',
          ),
        ).toBe(true),
      );
      const option = (
        await screen.findAllByTitle('Açúcar Paulista Exportadora S.A. (61.000.001/0001-55)')
      ).at(-1);
      if (!option) throw new Error('sem a opção');
      fireEvent.click(option);
      fireEvent.click(screen.getByRole('button', { name: 'Solicitar vínculo' }));
      await findToast('Solicitação de vínculo com exportador realizado com sucesso!');
      await waitFor(() => expect(router.state.location.pathname).toBe('/vinculo/lista-vinculos-despachante'));
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/v1/dispatcher_exporter/exporter/5/link',
      ]);
    },
    SLOW,
  );

  it(
    'the analysis screen: the buttons the server allows, the approval with its text, and the history',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const detail: DispatcherLinkDetail = {
        ...link(8, cafe, { actions: ['approve', 'analysis', 'disapprove'] }),
        history: [
          {
            id: 1,
            action: 'create',
            from_status: null,
            to_status: 'SOLICITADO',
            note: null,
            user: { id: 9, name: 'Pessoa Despachante' },
            created_at: '2026-03-10T12:00:00.000Z',
          },
        ],
      };
      const calls = stubApi({ '/v1/dispatcher_exporter_link/8': detail }, () => ({
        message: 'Solicitação APROVADA com sucesso!',
        dispatcher_exporter_link: { ...detail, status: 'APROVADO', actions: ['request_deletion'] },
      }));
      renderAt('/vinculo/analise-vinculo/$id', '/vinculo/analise-vinculo/8', () => <LinkAnalysisPage />);

      await screen.findByRole('heading', { name: `${cafe.name} — ${porto.name}` }, { timeout: 10_000 });
      expect(screen.getByRole('button', { name: 'Aprovar' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Enviar para análise da associação' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reprovar' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Apagar solicitação' })).toBeNull();
      expect(screen.getByText('Criação')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
      await answerDialog(
        'Aprovar o vínculo? O despachante passa a ver e a agir pelos registros do exportador.',
        'Aprovar',
      );
      await findToast('Solicitação APROVADA com sucesso!');
      expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/v1/dispatcher_exporter_link/8/approval');
    },
    SLOW,
  );
});
