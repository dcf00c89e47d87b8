import { messages } from '@origem/contract/messages.pt';
import type { UserDetail } from '@origem/contract/schemas/auth';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderRoutes, storeSession } from '../../test-utils';
import { LookupListPage } from './lookup-list-page';
import { LookupsHubPage } from './lookups-hub-page';
import { lookupRow } from './test-rows';

// A whole screen with antd under jsdom takes a few seconds to settle on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const CURRENCIES = [
  lookupRow({ id: 5, code: 'USD', name: 'Dólar dos Estados Unidos', symbol: 'US$' }),
  lookupRow({ id: 6, code: 'EUR', name: 'Euro', symbol: '€' }),
];
const COMPANY_TYPES = [lookupRow({ id: 2, name: 'Fabricante' }), lookupRow({ id: 1, name: 'Importador' })];

type Call = { method: string; path: string; body: unknown };

/** A fake API for the lookup calls; `reply` may answer first. Records every call. */
function fakeApi(reply: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = reply(call);
      if (answer) return answer;
      if (url.pathname === '/v1/currency') return jsonResponse(200, onePage(CURRENCIES));
      if (url.pathname === '/v1/currency/5') return jsonResponse(200, CURRENCIES[0]);
      if (url.pathname === '/v1/company_type') return jsonResponse(200, onePage(COMPANY_TYPES));
      return jsonResponse(404, { code: 'NotFound', message: messages.notFound });
    }),
  );
  return calls;
}

const listCalls = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path);

/** The hub and the table screen on their real paths, without the app shell (faster under jsdom). */
function renderApp(path: string, user: UserDetail = makeUser('admin')) {
  storeSession(user);
  return renderRoutes(path, {
    '/cadastros': LookupsHubPage,
    '/cadastros/tabelas/$slug': LookupListPage,
  }).router;
}

const table = (name: string) => screen.findByRole('table', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(null);
});

describe('LookupsHubPage', () => {
  it('offers every table of the contract, marks the fixed ones, and links the other screens', async () => {
    renderApp('/cadastros');
    const tables = await screen.findByRole('region', { name: 'Listas de valores' });
    const moedas = within(tables).getByRole('link', { name: 'Moedas' });
    expect(moedas.getAttribute('href')).toBe('/cadastros/tabelas/moedas');
    expect(within(tables).getAllByRole('link')).toHaveLength(11);
    expect(within(tables).getAllByText('Somente leitura')).toHaveLength(2);
    const others = screen.getByRole('region', { name: 'Outros cadastros' });
    expect(within(others).getByRole('link', { name: 'Tabela NCM' }).getAttribute('href')).toBe(
      '/cadastros/ncm',
    );
    expect(within(others).getAllByRole('link')).toHaveLength(5);
  });

  it('leaves out the other screens the user may not open', async () => {
    renderApp('/cadastros', makeUser('exportador', { permissions: ['dashboard.view'] }));
    await screen.findByRole('region', { name: 'Listas de valores' });
    expect(screen.queryByRole('region', { name: 'Outros cadastros' })).toBeNull();
  });
});

// Whole screens with dialogs: a loaded machine (the suite runs beside other work) needs more than the default.
describe('LookupListPage', { timeout: 45_000 }, () => {
  it('lists a table with the columns of its definition and the row actions', async () => {
    fakeApi();
    renderApp('/cadastros/tabelas/moedas');
    const list = await table('Lista de moedas');
    expect(screen.getByText('Moedas', { selector: 'h1' })).toBeTruthy();
    const headers = [...list.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toEqual(['Código ISO', 'Nome', 'Símbolo', 'Ações']);
    expect(within(list).getByText('US$')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Editar Euro' })).toBeTruthy();
    expect(screen.getByText('Nova moeda').closest('button')).toBeTruthy();
  });

  it('keeps the search text in the URL and sends it as q', async () => {
    const calls = fakeApi();
    const router = renderApp('/cadastros/tabelas/moedas?q=d');
    await table('Lista de moedas');
    expect(listCalls(calls, '/v1/currency').at(-1)?.path).toBe('/v1/currency?page=1&q=d');
    const search = screen.getByLabelText('Pesquisar') as HTMLInputElement;
    expect(search.value).toBe('d');
    expect(search.placeholder).toBe('Código ISO, nome ou símbolo');
    fireEvent.change(search, { target: { value: 'euro' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'euro' }));
    await waitFor(() =>
      expect(listCalls(calls, '/v1/currency').at(-1)?.path).toBe('/v1/currency?page=1&q=euro'),
    );
  });

  it('creates a row in a dialog kept in the URL, then closes it and refreshes the list', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' ? jsonResponse(201, { id: 9, ...(call.body as object) }) : undefined,
    );
    const router = renderApp('/cadastros/tabelas/moedas');
    await table('Lista de moedas');
    fireEvent.click(screen.getByRole('button', { name: 'Nova moeda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova moeda' });
    expect(router.state.location.search).toEqual({ registro: 'novo' });

    fireEvent.change(within(dialog).getByLabelText('Código ISO'), { target: { value: 'chf' } });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Franco suíço' } });
    fireEvent.change(within(dialog).getByLabelText('Símbolo'), { target: { value: 'Fr' } });
    const before = listCalls(calls, '/v1/currency').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await screen.findAllByText(messages.lookup.created);
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/v1/currency',
      body: { code: 'CHF', name: 'Franco suíço', symbol: 'Fr' },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(listCalls(calls, '/v1/currency').length).toBeGreaterThan(before));
  });

  it('opens the edit dialog from the URL with the row read from the server', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PUT' ? jsonResponse(200, { id: 5, ...(call.body as object) }) : undefined,
    );
    renderApp('/cadastros/tabelas/moedas?registro=5');
    const dialog = await screen.findByRole('dialog', { name: 'Editar moeda' });
    const name = (await within(dialog).findByLabelText('Nome')) as HTMLInputElement;
    expect(name.value).toBe('Dólar dos Estados Unidos');
    fireEvent.change(name, { target: { value: 'Dólar americano' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findAllByText(messages.lookup.updated);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/v1/currency/5',
      body: { code: 'USD', name: 'Dólar americano', symbol: 'US$' },
    });
  });

  it('deletes a row after confirmation', async () => {
    const calls = fakeApi((call) =>
      call.method === 'DELETE' ? jsonResponse(200, { message: messages.lookup.deleted }) : undefined,
    );
    renderApp('/cadastros/tabelas/moedas');
    fireEvent.click(within(await table('Lista de moedas')).getByRole('button', { name: 'Excluir Euro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir moeda "Euro"?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: /Excluir/ }));
    await screen.findAllByText(messages.lookup.deleted);
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/v1/currency/6');
  });

  it('does not read a row again once its edit dialog is closed, so deleting it afterwards is quiet', async () => {
    const calls = fakeApi((call) => {
      if (call.path === '/v1/currency/6' && call.method === 'GET') return jsonResponse(200, CURRENCIES[1]);
      if (call.method === 'DELETE') return jsonResponse(200, { message: messages.lookup.deleted });
      return undefined;
    });
    const router = renderApp('/cadastros/tabelas/moedas?registro=6');
    const dialog = await screen.findByRole('dialog', { name: 'Editar moeda' });
    await within(dialog).findByLabelText('Nome');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    fireEvent.click(within(await table('Lista de moedas')).getByRole('button', { name: 'Excluir Euro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir moeda "Euro"?' });
    fireEvent.click(within(confirm).getByRole('button', { name: /Excluir/ }));
    await screen.findAllByText(messages.lookup.deleted);
    const deleted = calls.findIndex((c) => c.method === 'DELETE');
    await waitFor(() => expect(listCalls(calls, '/v1/currency').length).toBeGreaterThan(1));
    expect(calls.slice(deleted).some((c) => c.path === '/v1/currency/6' && c.method === 'GET')).toBe(false);
    expect(screen.queryByText(messages.notFound)).toBeNull();
  });

  it('shows a fixed table without any action, even to the admin', async () => {
    fakeApi();
    renderApp('/cadastros/tabelas/tipos-empresa?registro=novo');
    const list = await table('Lista de tipos de empresa');
    expect(within(list).getByText('Importador')).toBeTruthy();
    expect(screen.getByText('Somente leitura')).toBeTruthy();
    expect(screen.queryByText(/^Nov[oa] /)).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(within(list).queryByText('Ações')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the tables read-only to a user without reference_data.manage', async () => {
    fakeApi();
    renderApp('/cadastros/tabelas/moedas?registro=novo', makeUser('exportador'));
    const list = await table('Lista de moedas');
    expect(within(list).getByText('Euro')).toBeTruthy();
    expect(screen.queryByText('Nova moeda')).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers an unknown table with a not-found result', async () => {
    const calls = fakeApi();
    renderApp('/cadastros/tabelas/nada');
    expect(await screen.findByRole('heading', { name: 'Tabela não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver as tabelas auxiliares' }).getAttribute('href')).toBe(
      '/cadastros',
    );
    expect(calls).toHaveLength(0);
  });
});
