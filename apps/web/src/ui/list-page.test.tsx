import { pageQuery } from '@origem/contract/paging';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession, stubFetch } from '../test-utils';
import { DataTable } from './data-table';
import { FilterBar } from './filter-bar';
import { ListPage } from './list-page';
import { useListSearch } from './use-list-search';
import { useServerTable } from './use-server-table';

type Row = { id: number; name: string };
const searchSchema = pageQuery.extend({ name: z.string().trim().optional() });

function PeoplePage() {
  const list = useListSearch(searchSchema);
  const table = useServerTable<Row>({ queryKey: ['people'], path: '/v1/people', list });
  return (
    <ListPage
      title="Pessoas"
      hint="Pessoas cadastradas."
      action={{ label: 'Nova pessoa', permission: 'user.manage', to: '/pessoas/novo' }}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        label="Lista de pessoas"
        rowKey="id"
        columns={[{ title: 'Nome', dataIndex: 'name' }]}
      />
    </ListPage>
  );
}

const listAnswer = (rows: Row[]) => jsonResponse(200, onePage(rows, 10));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListPage pattern', () => {
  it('reads filters and page from the URL and sends them to the server', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch(listAnswer([{ id: 1, name: 'Ana' }]));
    renderInApp(<PeoplePage />, '/pessoas?name=ana&page=2');
    expect(await screen.findByRole('heading', { name: 'Pessoas' })).toBeTruthy();
    expect(screen.getByText('Pessoas cadastradas.')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/people?page=2&name=ana');
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('ana');
  });

  it("'Filtrar' writes the filters to the URL (back to page 1) and 'Limpar' removes them", async () => {
    storeSession(makeUser('admin'));
    stubFetch(
      listAnswer([{ id: 1, name: 'Ana' }]),
      listAnswer([{ id: 2, name: 'Bruno' }]),
      listAnswer([{ id: 1, name: 'Ana' }]),
    );
    const { router } = renderInApp(<PeoplePage />, '/pessoas?page=3');
    await screen.findByText('Ana');
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: ' bruno ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(router.state.location.searchStr).toBe('?name=bruno');

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
    expect(router.state.location.searchStr).toBe('');
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('');
  });

  it('shows the primary action only with its permission', async () => {
    storeSession(makeUser('admin'));
    stubFetch(listAnswer([]));
    renderInApp(<PeoplePage />, '/pessoas');
    expect(await screen.findByRole('button', { name: 'Nova pessoa' })).toBeTruthy();
  });

  it('hides the primary action without its permission', async () => {
    storeSession(makeUser('exportador'));
    stubFetch(listAnswer([]));
    renderInApp(<PeoplePage />, '/pessoas');
    await screen.findByRole('heading', { name: 'Pessoas' });
    expect(screen.queryByRole('button', { name: 'Nova pessoa' })).toBeNull();
  });
});
