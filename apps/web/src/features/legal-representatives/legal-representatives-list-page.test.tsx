import { legalRepresentativeMessages } from '@origem/contract/schemas/legal-representatives';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { LegalRepresentativesListPage } from './legal-representatives-list-page';
import { cafe, representative, searches, stubApi } from './test-rows';

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rows = [
  representative(1, 'Helena Duarte', {
    procuration_valid_until: '2025-01-15',
    procuration_expired: true,
    has_procuration: false,
    procuration: null,
  }),
  representative(2, 'Marina Tavares Lima', { has_procuration: false, procuration: null }),
  representative(3, 'Rafael Nogueira Prado', {
    procuration_valid_until: '2024-12-31',
    procuration_expired: true,
  }),
];

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`sem a linha de ${name}`);
  return row;
}

describe('LegalRepresentativesListPage', () => {
  it(
    "an exporter sees its representatives with the procuration's state, and downloads one",
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const saved: string[] = [];
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        writable: true,
        value: vi.fn(() => 'blob:x'),
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const calls = stubApi(({ path }) =>
        path === '/v1/legal_representative/procuration/3'
          ? new Response(new Blob(['%PDF-1.7']), {
              status: 200,
              headers: {
                'Content-Type': 'application/pdf',
                'Content-Disposition': 'attachment; filename="procuracao.pdf"',
              },
            })
          : jsonResponse(200, onePage(rows)),
      );
      renderInApp(<LegalRepresentativesListPage />, '/responsavel-legal?name=a');
      await screen.findByText('Helena Duarte', {}, { timeout: 10_000 });

      const helena = rowOf('Helena Duarte');
      expect(within(helena).getByText(legalRepresentativeMessages.expired)).toBeTruthy();
      expect(within(helena).getByText(legalRepresentativeMessages.missing)).toBeTruthy();
      expect(within(helena).getByText('15/01/2025')).toBeTruthy();
      expect(within(helena).getByText('529.982.247-25')).toBeTruthy();
      const marina = rowOf('Marina Tavares Lima');
      expect(within(marina).getByText(legalRepresentativeMessages.missing)).toBeTruthy();
      expect(within(marina).queryByText(legalRepresentativeMessages.expired)).toBeNull();
      const rafael = rowOf('Rafael Nogueira Prado');
      expect(within(rafael).getByText(legalRepresentativeMessages.expired)).toBeTruthy();
      expect(within(rafael).queryByText(legalRepresentativeMessages.missing)).toBeNull();

      // Its own book: no exporter column nor filter; it manages its representatives.
      expect(screen.queryByText('Exportador')).toBeNull();
      expect(screen.getByText('Novo responsável legal')).toBeTruthy();
      expect(screen.getByLabelText('Excluir Marina Tavares Lima')).toBeTruthy();
      expect(screen.queryByLabelText('Baixar procuração de Marina Tavares Lima')).toBeNull();
      expect(calls[0]?.url).toContain('name=a');

      fireEvent.click(screen.getByLabelText('Baixar procuração de Rafael Nogueira Prado'));
      await waitFor(() => expect(saved).toEqual(['procuracao.pdf']));
      expect(calls.at(-1)?.path).toBe('/v1/legal_representative/procuration/3');
    },
    SLOW,
  );

  it(
    'staff see the exporter of each row and filter by it; without manage they only view',
    async () => {
      storeSession(makeUser('federacao'));
      const calls = stubApi(() => jsonResponse(200, onePage(rows.slice(1))), {
        '/v1/exporter': [cafe],
      });
      renderInApp(<LegalRepresentativesListPage />, `/responsavel-legal?exporter_id=${cafe.id}`);
      await screen.findByText('Marina Tavares Lima', {}, { timeout: 10_000 });
      expect(within(rowOf('Marina Tavares Lima')).getByText(cafe.name)).toBeTruthy();
      expect(screen.getByText('Exportador', { selector: 'label' })).toBeTruthy();
      expect(screen.queryByText('Novo responsável legal')).toBeNull();
      expect(screen.getByLabelText('Ver Marina Tavares Lima')).toBeTruthy();
      expect(screen.queryByLabelText('Excluir Marina Tavares Lima')).toBeNull();
      expect(calls[0]?.url).toContain(`exporter_id=${cafe.id}`);
      // The filter names the exporter of the address, read by its id (no list of every exporter is loaded).
      expect(await screen.findByTitle(cafe.name)).toBeTruthy();
      expect(searches).toEqual([`/v1/exporter/${cafe.id}`]);
    },
    SLOW,
  );

  it(
    'deletes after confirmation, shows the success dialog and reloads the list',
    async () => {
      storeSession(makeUser('analista'));
      let deleted = false;
      const calls = stubApi(({ method, path }) => {
        if (method === 'DELETE' && path === '/v1/legal_representative/2') {
          deleted = true;
          return jsonResponse(200, { message: legalRepresentativeMessages.deleted });
        }
        return jsonResponse(200, onePage(deleted ? rows.filter((r) => r.id !== 2) : rows));
      });
      renderInApp(<LegalRepresentativesListPage />, '/responsavel-legal');
      fireEvent.click(await screen.findByLabelText('Excluir Marina Tavares Lima', {}, { timeout: 10_000 }));
      expect(
        (await screen.findAllByText('Excluir o responsável legal Marina Tavares Lima?')).length,
      ).toBeGreaterThan(0);
      const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!dialog) throw new Error('sem a confirmação');
      fireEvent.click(within(dialog).getByText('Excluir'));
      expect((await screen.findAllByText(legalRepresentativeMessages.deleted)).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByText('Marina Tavares Lima')).toBeNull());
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    },
    SLOW,
  );
});
