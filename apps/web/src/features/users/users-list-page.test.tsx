import { messages } from '@origem/contract/messages.pt';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { santos, userRow } from './test-rows';
import { UsersListPage } from './users-list-page';

function stubApi(handler: (method: string, path: string, url: string) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    if (path.endsWith('/all')) return jsonResponse(200, { data: [] });
    return handler(method, path, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UsersListPage', () => {
  it(
    'shows masked CPF, role and entity; only viewing for a user without user.manage',
    async () => {
      storeSession(makeUser('analista', { id: 2 }));
      const fetchMock = stubApi(() =>
        jsonResponse(
          200,
          onePage([
            userRow(2, 'Bruno Analista'),
            userRow(7, 'Fábio Federação', {
              trade_association: null,
              trade_association_id: null,
              federation: { id: 2, name: 'Federação de São Paulo' },
              role: { id: 6, name: 'federacao', display_name: 'Federação', type: 'federacao' },
              active: false,
              cpf: null,
            }),
          ]),
        ),
      );
      renderInApp(<UsersListPage />, '/usuarios?name=a&page=1');
      const bruno = (await screen.findByText('Bruno Analista', {}, { timeout: 10_000 })).closest('tr');
      if (!bruno) throw new Error('sem a linha');
      expect(within(bruno).getByText('222.555.888-46')).toBeTruthy();
      expect(within(bruno).getByText(santos.name)).toBeTruthy();
      expect(within(bruno).getByText('Ativo')).toBeTruthy();
      const fabio = screen.getByText('Fábio Federação').closest('tr');
      if (!fabio) throw new Error('sem a linha');
      expect(within(fabio).getByText('Federação de São Paulo')).toBeTruthy();
      expect(within(fabio).getByText('Inativo')).toBeTruthy();
      expect(within(fabio).getByText('—')).toBeTruthy();

      // *ByRole is slow on antd's DOM under jsdom: buttons are found by their text or aria-label.
      expect(screen.queryByText('Novo usuário')).toBeNull();
      expect(screen.queryByLabelText(/^Editar /)).toBeNull();
      expect(screen.queryByLabelText(/^Excluir /)).toBeNull();
      expect(screen.getByLabelText('Ver Fábio Federação')).toBeTruthy();
      // The URL's filters go to the server.
      const searchCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/v1/user/search'));
      expect(String(searchCall?.[0])).toContain('name=a');
    },
    SLOW,
  );

  it(
    'deletes after confirmation, shows the success dialog and reloads the list',
    async () => {
      storeSession(makeUser('admin', { id: 1 }));
      let deleted = false;
      const fetchMock = stubApi((method, path) => {
        if (method === 'DELETE' && path === '/v1/user/9') {
          deleted = true;
          return jsonResponse(200, { message: messages.user.deleted });
        }
        const rows = [userRow(1, 'Ana Administradora'), userRow(9, 'Zeca Teste')];
        return jsonResponse(200, onePage(deleted ? rows.slice(0, 1) : rows));
      });
      renderInApp(<UsersListPage />, '/usuarios');
      expect(await screen.findByLabelText('Excluir Zeca Teste', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText('Novo usuário')).toBeTruthy();
      // Nobody deletes their own user.
      expect(screen.getByLabelText('Editar Ana Administradora')).toBeTruthy();
      expect(screen.queryByLabelText('Excluir Ana Administradora')).toBeNull();

      fireEvent.click(screen.getByLabelText('Excluir Zeca Teste'));
      expect((await screen.findAllByText('Excluir o usuário Zeca Teste?')).length).toBeGreaterThan(0);
      const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!dialog) throw new Error('sem a confirmação');
      fireEvent.click(within(dialog).getByText('Excluir'));

      expect((await screen.findAllByText(messages.user.deleted)).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByText('Zeca Teste')).toBeNull());
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    },
    SLOW,
  );
});
