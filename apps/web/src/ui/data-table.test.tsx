import { pageQuery } from '@origem/contract/paging';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createQueryClient } from '../app/query-client';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../test-utils';
import { DataTable } from './data-table';
import { FeedbackBridge } from './feedback-host';
import { useLocalList } from './use-list-search';
import { useServerTable } from './use-server-table';

type Row = { id: number; name: string };
const searchSchema = pageQuery.extend({ name: z.string().optional() });

function UsersTable() {
  const list = useLocalList(searchSchema);
  const table = useServerTable<Row>({ queryKey: ['test-users'], path: '/v1/user/search', list });
  return (
    <>
      <button type="button" onClick={() => list.applyFilters({ name: 'zz' })}>
        filtrar
      </button>
      <DataTable
        table={table}
        label="Lista de usuários"
        rowKey="id"
        columns={[{ title: 'Nome', dataIndex: 'name', key: 'name' }]}
        emptyText="Nenhum usuário encontrado."
        emptyHint='Cadastre o primeiro usuário em "Novo usuário".'
      />
    </>
  );
}

/** A list whose schema fills a filter in by itself (excluidos=false), as the exporters list does. */
const trashSchema = pageQuery.extend({
  excluidos: z.preprocess((v) => v === true || v === 'true', z.boolean()).catch(false),
});

function PartiesTable() {
  const list = useLocalList(trashSchema);
  const table = useServerTable<Row>({ queryKey: ['test-parties'], path: '/v1/exporter', list });
  return (
    <DataTable
      table={table}
      label="Lista de exportadores"
      rowKey="id"
      columns={[
        { title: 'Nome', dataIndex: 'name', key: 'name' },
        { title: 'Ações', key: 'actions', render: () => <button type="button">abrir</button> },
      ]}
      emptyText="Nenhum exportador encontrado."
    />
  );
}

function renderTable(Table = UsersTable) {
  return render(
    <App>
      <FeedbackBridge />
      <QueryClientProvider client={createQueryClient()}>
        <Table />
      </QueryClientProvider>
    </App>,
  );
}

const page = (rows: Row[], current: number, total: number, perPage = 2) => ({
  data: rows,
  current_page: current,
  per_page: perPage,
  total,
  last_page: Math.ceil(total / perPage),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DataTable + useServerTable', () => {
  it("pages with the server's per_page and shows the total as '1–2 de 5.432'", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch(
      jsonResponse(
        200,
        page(
          [
            { id: 1, name: 'Ana' },
            { id: 2, name: 'Bruno' },
          ],
          1,
          5432,
        ),
      ),
      jsonResponse(
        200,
        page(
          [
            { id: 3, name: 'Carla' },
            { id: 4, name: 'Davi' },
          ],
          2,
          5432,
        ),
      ),
    );
    renderTable();
    expect(await screen.findByText('Ana')).toBeTruthy();
    expect(screen.getByText('1–2 de 5.432')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/user/search?page=1');

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Carla')).toBeTruthy();
    expect(screen.getByText('3–4 de 5.432')).toBeTruthy();
    // The next page is asked for after the last row shown (keyset paging, api/paging.ts).
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/v1/user/search?page=2&after=2');
  });

  it('shows a skeleton while the first page loads', async () => {
    storeSession(makeUser('admin'));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderTable();
    expect(screen.getByRole('status', { name: 'Lista de usuários: carregando' })).toBeTruthy();
  });

  it('says what to do next when the list is empty', async () => {
    storeSession(makeUser('admin'));
    stubFetch(jsonResponse(200, page([], 1, 0)));
    renderTable();
    expect(await screen.findByText('Nenhum usuário encontrado.')).toBeTruthy();
    expect(screen.getByText('Cadastre o primeiro usuário em "Novo usuário".')).toBeTruthy();
  });

  it("offers 'Limpar filtros' when filters emptied the list", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch(
      jsonResponse(200, page([{ id: 1, name: 'Ana' }], 1, 1)),
      jsonResponse(200, page([], 1, 0)),
      jsonResponse(200, page([{ id: 1, name: 'Ana' }], 1, 1)),
    );
    renderTable();
    await screen.findByText('Ana');
    fireEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    expect(await screen.findByText('Nenhum resultado para estes filtros.')).toBeTruthy();
    expect(screen.getByText('Altere os filtros ou limpe-os para ver todos os registros.')).toBeTruthy();
    expect(screen.queryByText('Nenhum usuário encontrado.')).toBeNull();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/v1/user/search?page=1&name=zz');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
  });

  it('does not call a value the list sets by itself a filter: an empty list says nothing is there yet', async () => {
    storeSession(makeUser('despachante'));
    stubFetch(jsonResponse(200, page([], 1, 0)));
    renderTable(PartiesTable);
    expect(await screen.findByText('Nenhum exportador encontrado.')).toBeTruthy();
    expect(screen.getByText('Os registros aparecerão aqui assim que forem cadastrados.')).toBeTruthy();
    expect(screen.queryByText(/filtros/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  });

  it('pins the row actions to the right edge, so they stay in sight when the table scrolls', async () => {
    storeSession(makeUser('admin'));
    stubFetch(jsonResponse(200, page([{ id: 1, name: 'Ana' }], 1, 1)));
    renderTable(PartiesTable);
    const cell = (await screen.findByRole('button', { name: 'abrir' })).closest('td');
    expect(cell?.className).toMatch(/ant-table-cell-fix-(right|end)/);
  });

  it('shows each row as a card on a phone, every column labelled, the actions at its foot', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      storeSession(makeUser('admin'));
      stubFetch(jsonResponse(200, page([{ id: 1, name: 'Ana' }], 1, 1)));
      renderTable(PartiesTable);
      const cards = await screen.findByRole('list', { name: 'Lista de exportadores' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(cards).getByRole('listitem');
      expect(within(card).getByRole('term').textContent).toBe('Nome');
      expect(within(card).getByRole('definition').textContent).toBe('Ana');
      expect(within(card).getByRole('button', { name: 'abrir' })).toBeTruthy();
    } finally {
      window.innerWidth = width;
    }
  });

  it("shows the error with 'Tentar novamente', which fetches again", async () => {
    storeSession(makeUser('admin'));
    stubFetch(
      jsonResponse(500, { code: 'InternalError', message: 'Serviço indisponível.' }),
      jsonResponse(200, page([{ id: 1, name: 'Ana' }], 1, 1)),
    );
    renderTable();
    expect(await screen.findByText('Não foi possível carregar a lista.')).toBeTruthy();
    expect(screen.getByText('Serviço indisponível.')).toBeTruthy();
    // The list shows its own error: no dialog on top of it.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
  });

  it('treats a 403 as an empty list with only a console note', async () => {
    storeSession(makeUser('exportador'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(jsonResponse(403, { code: 'Forbidden', message: 'Sem permissão.' }));
    renderTable();
    expect(await screen.findByText('Nenhum registro para exibir.')).toBeTruthy();
    expect(screen.queryByText('Sem permissão.')).toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('reads lists that carry paging under meta', async () => {
    storeSession(makeUser('admin'));
    stubFetch(
      jsonResponse(200, {
        data: [{ id: 9, name: 'Zé' }],
        meta: { per_page: 10, total: 31, current_page: 1 },
      }),
    );
    renderTable();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Zé')).toBeTruthy();
    expect(screen.getByText('1–10 de 31')).toBeTruthy();
  });
});
