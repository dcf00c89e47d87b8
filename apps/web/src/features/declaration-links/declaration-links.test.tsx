import type { DeclarationLink } from '@origem/contract/schemas/declaration-links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerDialog,
  findToast,
  jsonResponse,
  makeUser,
  onePage,
  renderRoutes,
  storeSession,
} from '../../test-utils';
import { DeclarationLinksListPage } from './declaration-links-list-page';

const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mate = { id: 8, name: 'Mate Gaúcho Exportadora Ltda.', cpf: null, cnpj: '11444777000161' };
const cafe = { id: 4, name: 'Café Santista Exportadora Ltda.', cpf: null, cnpj: '11222333000181' };

function link(id: number, overrides: Partial<DeclarationLink> = {}): DeclarationLink {
  return {
    id,
    status: 'PENDENTE',
    declaration_link_flow: { id: 'PENDENTE', name: 'Pendente' },
    declaration_id: 7,
    declaration: {
      id: 7,
      product_name: 'Café solúvel liofilizado',
      internal_product_code: null,
      ncm: '21011110',
      status: 'APROVADA',
      valid_until: '2026-09-01',
    },
    exporter_id: mate.id,
    exporter: mate,
    manufacturer_id: cafe.id,
    manufacturer: cafe,
    requested_by: { id: 3, name: 'Usuária Mate' },
    requested_side: 'exporter',
    created_at: '2026-03-10T12:00:00.000Z',
    updated_at: '2026-03-10T12:00:00.000Z',
    actions: ['approve', 'reprove'],
    ...overrides,
  };
}

describe('the declaration-links list', () => {
  it(
    'filters from the address; approving opens the declaration the answer names; a failed delete says SPEC §8’s text',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const calls: { method: string; url: string }[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        if (url === '/v1/user/detail') return jsonResponse(200, makeUser('exportador'));
        calls.push({ method, url });
        if (url.startsWith('/v2/declaration_link/declaration_link_flow'))
          return jsonResponse(200, { data: [{ id: 'PENDENTE', name: 'Pendente' }] });
        if (method === 'GET')
          return jsonResponse(200, onePage([link(1), link(2, { declaration_id: 9 })], 10));
        if (method === 'DELETE') return jsonResponse(500, {});
        return jsonResponse(200, {
          id: 7,
          message: 'Vínculo APROVADO com sucesso!',
          declaration_link: link(1, { status: 'APROVADO', actions: ['reprove'] }),
        });
      });
      const { router } = renderRoutes('/vinculo_declaracao?declaration_id=7', {
        '/vinculo_declaracao': DeclarationLinksListPage,
        '/declaracao/$id': () => 'a declaração',
      });

      const rows = await screen.findAllByRole('row', {}, { timeout: 10_000 });
      const first = rows.find((r) => r.textContent?.includes('Nº 7 —')) as HTMLElement;
      await waitFor(() => expect(within(first).getByText('Pendente')).toBeTruthy());
      expect(calls.find((c) => c.url.startsWith('/v2/declaration_link?'))?.url).toContain('declaration_id=7');

      fireEvent.click(within(first).getByRole('button', { name: /^Reprovar o vínculo/ }));
      await answerDialog('deixa de poder citar', 'Reprovar');
      await answerDialog('Erro ao deletar vínculo', 'OK');

      fireEvent.click(within(first).getByRole('button', { name: /^Aprovar o vínculo/ }));
      await answerDialog('passa a poder citar esta declaração', 'Aprovar');
      await findToast('Vínculo APROVADO com sucesso!');
      await waitFor(() => expect(router.state.location.pathname).toBe('/declaracao/7'));
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([
        { method: 'DELETE', url: '/v2/declaration_link/1' },
        { method: 'POST', url: '/v2/declaration_link/approve/1' },
      ]);
    },
    SLOW,
  );
});
