import { dispatcherMessages } from '@origem/contract/schemas/dispatchers';
import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { ExportersListPage } from './exporters-list-page';
import { PartyForm } from './party-form';
import { DISPATCHER_VIEW } from './party-kind';

const santos = { id: 3, name: 'Associação Comercial de Santos', abbreviation: 'ACS' };

function party(id: number, name: string, overrides: Partial<PartyRecord> = {}): PartyRecord {
  return {
    id,
    person_type_id: 2,
    cpf: null,
    cnpj: '11222333000181',
    name,
    trade_name: null,
    state_registration: null,
    email: null,
    phone: null,
    postcode: null,
    address: null,
    number: null,
    complement: null,
    neighborhood: null,
    city: 'Santos',
    state: 'SP',
    trade_association_id: santos.id,
    trade_association: santos,
    associated: false,
    social_contract: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

function stubApi(handler: (method: string, path: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0] ?? url;
    if (path.endsWith('/all')) return jsonResponse(200, { data: [{ id: santos.id, name: santos.name }] });
    return handler(init?.method ?? 'GET', url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exporters list', () => {
  it(
    'shows masked CNPJ and the "Associado" tag, and switches to with_trashed with "Mostrar excluídos"',
    async () => {
      storeSession(makeUser('analista'));
      const fetchMock = stubApi((_method, url) =>
        url.startsWith('/v1/exporter/with_trashed')
          ? jsonResponse(
              200,
              onePage([
                party(1, 'Café Santista Exportadora Ltda.', { associated: true }),
                party(9, 'Antiga Exportadora Ltda.', { deleted_at: '2026-03-02T12:00:00.000Z' }),
              ]),
            )
          : jsonResponse(200, onePage([party(1, 'Café Santista Exportadora Ltda.', { associated: true })])),
      );
      renderInApp(<ExportersListPage />, '/exportadores');
      const row = (
        await screen.findByText('Café Santista Exportadora Ltda.', {}, { timeout: 10_000 })
      ).closest('tr');
      if (!row) throw new Error('sem a linha');
      expect(within(row).getByText('11.222.333/0001-81')).toBeTruthy();
      expect(within(row).getByText('Associado')).toBeTruthy();
      expect(screen.getByRole('button', { name: /Novo exportador/ })).toBeTruthy();
      expect(screen.queryByText('Antiga Exportadora Ltda.')).toBeNull();

      fireEvent.click(screen.getByRole('switch', { name: 'Mostrar excluídos' }));
      const deleted = (await screen.findByText('Antiga Exportadora Ltda.')).closest('tr');
      if (!deleted) throw new Error('sem a linha excluída');
      expect(within(deleted).getByText('Excluído em 02/03/2026')).toBeTruthy();
      // A deleted record is only viewed: no edit, no delete.
      expect(within(deleted).getByRole('button', { name: 'Ver Antiga Exportadora Ltda.' })).toBeTruthy();
      expect(within(deleted).queryByRole('button', { name: /Excluir/ })).toBeNull();
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls.some((u) => u.startsWith('/v1/exporter/with_trashed'))).toBe(true);
    },
    SLOW,
  );

  it(
    'an exporter user sees its own record to view only, with no create, delete or trash toggle',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: 1 } }));
      stubApi(() => jsonResponse(200, onePage([party(1, 'Café Santista Exportadora Ltda.')])));
      renderInApp(<ExportersListPage />, '/exportadores');
      const row = (
        await screen.findByText('Café Santista Exportadora Ltda.', {}, { timeout: 10_000 })
      ).closest('tr');
      if (!row) throw new Error('sem a linha');
      expect(within(row).getByRole('button', { name: 'Ver Café Santista Exportadora Ltda.' })).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /Excluir/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Novo exportador/ })).toBeNull();
      expect(screen.queryByRole('switch', { name: 'Mostrar excluídos' })).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the empty state when nothing matches',
    async () => {
      storeSession(makeUser('analista'));
      stubApi(() => jsonResponse(200, onePage([])));
      renderInApp(<ExportersListPage />, '/exportadores?name=zzz');
      expect(
        await screen.findByText('Nenhum resultado para estes filtros.', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('Limpar filtros')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'tells a dispatcher with no linked exporter what is true and what comes next, not "filtros" (issue 9, item 4)',
    async () => {
      storeSession(makeUser('despachante', { dispatcher: { id: 3 } }));
      stubApi(() => jsonResponse(200, onePage([])));
      renderInApp(<ExportersListPage />, '/exportadores');
      expect(await screen.findByText('Nenhum exportador encontrado.', {}, { timeout: 10_000 })).toBeTruthy();
      expect(
        screen.getByText('Os exportadores aparecem aqui quando um vínculo deles com você for aprovado.'),
      ).toBeTruthy();
      expect(screen.queryByText(/filtros/)).toBeNull();
    },
    SLOW,
  );
});

describe('dispatcher form', () => {
  it(
    'creates a dispatcher with its social contract in one multipart save and confirms it',
    async () => {
      storeSession(makeUser('analista', { trade_association: { id: santos.id, name: santos.name } }));
      const fetchMock = stubApi((method) =>
        method === 'POST' ? jsonResponse(201, party(5, 'Porto Novo Despachos Ltda.')) : jsonResponse(404, {}),
      );
      renderInApp(<PartyForm view={DISPATCHER_VIEW} />, '/despachante/novo');
      fireEvent.change(await screen.findByLabelText('CNPJ', {}, { timeout: 10_000 }), {
        target: { value: '11222333000181' },
      });
      fireEvent.change(screen.getByLabelText('Razão social'), {
        target: { value: 'Porto Novo Despachos Ltda.' },
      });
      const pdf = new File(['%PDF-1.4 contrato'], 'contrato.pdf', { type: 'application/pdf' });
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [pdf] } });
      expect(await screen.findByText(/contrato\.pdf/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

      expect(
        (await screen.findAllByText(dispatcherMessages.created, {}, { timeout: 10_000 })).length,
      ).toBeGreaterThan(0);
      const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(String(post?.[0])).toBe('/v1/dispatcher');
      const body = post?.[1]?.body as FormData;
      expect(body.get('cnpj')).toBe('11222333000181');
      expect(body.get('cpf')).toBe('');
      expect(body.get('name')).toBe('Porto Novo Despachos Ltda.');
      expect(body.get('trade_association_id')).toBe(String(santos.id));
      expect((body.get('social_contract') as File).name).toBe('contrato.pdf');
    },
    SLOW,
  );

  it(
    'refuses a file that is not a PDF next to the field, sending nothing',
    async () => {
      storeSession(makeUser('admin'));
      const fetchMock = stubApi(() => jsonResponse(500, {}));
      renderInApp(<PartyForm view={DISPATCHER_VIEW} />, '/despachante/novo');
      fireEvent.change(await screen.findByLabelText('CNPJ', {}, { timeout: 10_000 }), {
        target: { value: '11222333000181' },
      });
      fireEvent.change(screen.getByLabelText('Razão social'), { target: { value: 'X Ltda.' } });
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'foto.png', { type: 'image/png' })] } });
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Tipo de arquivo não aceito. Envie um arquivo PDF.')).toBeTruthy();
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false),
      );
    },
    SLOW,
  );
});
