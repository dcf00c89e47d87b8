import { messages } from '@origem/contract/messages.pt';
import type { Federation } from '@origem/contract/schemas/entities';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { EntityForm } from './entity-form';
import { federationPage } from './federation-edit-page';
import { FederationsListPage } from './federations-list-page';

// A whole antd screen renders slowly under jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const facesp: Federation = {
  id: 2,
  name: 'Federação das Associações Comerciais de São Paulo',
  abbreviation: 'FACESP',
  cnpj: null,
  email: null,
  phone: null,
  postcode: null,
  address: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: 'São Paulo',
  state: 'SP',
  confederation_id: null,
  confederation: null,
  associations_count: 3,
  logo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function stubApi() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0] ?? '';
    if (init?.method === 'DELETE') return jsonResponse(204);
    if (path === '/v1/federation') return jsonResponse(200, onePage([facesp]));
    return jsonResponse(200, { data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const deletions = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('entity screens (one list and one form header for the three kinds)', { timeout: 45_000 }, () => {
  it('the list names the record, says why a deletion may be refused, and deletes after confirming', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    renderInApp(<FederationsListPage />, '/federacoes');
    const table = await screen.findByLabelText('Lista de federações');
    expect(table.textContent).toContain('FACESP');
    fireEvent.click(await screen.findByLabelText(`Excluir ${facesp.name}`));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Excluir a federação ${facesp.name}?`);
    expect(dialog.textContent).toContain('Há associações comerciais nesta federação');
    fireEvent.click(within(dialog).getByText('Excluir'));
    expect((await screen.findAllByText(messages.success.federationDeleted)).length).toBeGreaterThan(0);
    expect(deletions(fetchMock)).toEqual(['/v1/federation/2']);
  });

  it("the form's header deletes the record after confirming and goes back to the list", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    const { router } = renderInApp(<EntityForm kind={federationPage} record={facesp} />, '/federacoes/2');
    fireEvent.click(await screen.findByText('Excluir'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Excluir a federação ${facesp.name}?`);
    fireEvent.click(within(dialog).getByText('Excluir'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/federacoes'));
    expect(deletions(fetchMock)).toEqual(['/v1/federation/2']);
  });

  it('a role that may edit but not delete gets no "Excluir"', async () => {
    storeSession(makeUser('federacao', { permissions: ['entity.view', 'entity.manage'] }));
    stubApi();
    renderInApp(<EntityForm kind={federationPage} record={facesp} />, '/federacoes/2');
    expect(await screen.findByText(facesp.name, { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByText('Excluir')).toBeNull();
  });
});
