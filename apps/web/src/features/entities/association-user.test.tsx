import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { associationPage } from './association-edit-page';
import { EntityForm } from './entity-form';

// A whole antd form renders slowly under jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const elisa = { id: 5, name: 'Elisa Associação', email: 'associacao@origem.local' };
const bruno = { id: 2, name: 'Bruno Analista', email: 'analista@origem.local' };

const santos: AssociationDetail = {
  id: 1,
  name: 'Associação Comercial de Santos',
  abbreviation: 'ACS',
  ehid: 'ACS',
  cnpj: null,
  email: null,
  phone: null,
  postcode: null,
  address: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  notes: null,
  federation_id: 1,
  federation: { id: 1, name: 'Federação das Associações Comerciais de São Paulo' },
  user_id: elisa.id,
  user: elisa,
  logo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  fees: [],
};

const noDeals = { deals: [], dealsFailed: false };

function stubApi() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0] ?? '';
    if (init?.method === 'POST') return jsonResponse(200, santos);
    if (path === '/v1/user/search') return jsonResponse(200, onePage([bruno, elisa], 20));
    if (path === '/v1/federation/all') return jsonResponse(200, { data: [santos.federation] });
    return jsonResponse(200, { data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the association's user (SPEC §3 user_id)", { timeout: 45_000 }, () => {
  it('shows the current user, searches only this association’s users, and saves the one picked', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    renderInApp(<EntityForm kind={associationPage} record={santos} extras={noDeals} />, '/associacoes/1');
    const field = await screen.findByLabelText('Usuário da associação');
    const select = field.closest('.ant-select') as HTMLElement;
    expect(select.textContent).toContain('Elisa Associação — associacao@origem.local');

    fireEvent.mouseDown(field);
    fireEvent.change(field, { target: { value: 'Bru' } });
    const searches = () =>
      fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/v1/user/search'));
    await waitFor(() => expect(searches().some((url) => url.includes('name=Bru'))).toBe(true));
    expect(searches().every((url) => url.includes('trade_association_id=1'))).toBe(true);
    fireEvent.click(await screen.findByTitle('Bruno Analista — analista@origem.local'));
    expect(select.textContent).toContain('Bruno Analista — analista@origem.local');

    fireEvent.click(screen.getByText('Salvar'));
    expect((await screen.findAllByText('Associação Comercial editada com sucesso !')).length).toBeGreaterThan(
      0,
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(String(url)).toBe('/v1/trade_association/1');
    expect((init?.body as FormData | undefined)?.get('user_id')).toBe(String(bruno.id));
  });

  it('a new association offers no user yet (it has none) and sends none', async () => {
    storeSession(makeUser('admin'));
    stubApi();
    renderInApp(<EntityForm kind={associationPage} extras={noDeals} />, '/associacoes/novo');
    await screen.findByLabelText('Nome');
    expect(screen.queryByLabelText('Usuário da associação')).toBeNull();
  });
});
