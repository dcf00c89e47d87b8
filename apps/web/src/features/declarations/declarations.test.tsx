import { type RoleSlug, SYSTEM_ROLES } from '@origem/contract/permissions';
import type { Declaration } from '@origem/contract/schemas/declarations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMenu } from '../../app/menu';
import { DELIVERED_ROUTES } from '../../app/screens';
import {
  findDialog,
  findToast,
  jsonResponse,
  makeUser,
  renderRoutes,
  storeSession,
  stubApiByPath,
} from '../../test-utils';
import { printFailureText } from './api/declaration-documents';
import { DeclarationAnalysisPage } from './declaration-analysis-page';
import { DeclarationEditPage } from './declaration-edit-page';
import { declarationScreenFor } from './declaration-rules';

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cafe = { id: 4, name: 'Café Santista Exportadora Ltda.', cpf: null, cnpj: '11222333000181' };

function declaration(overrides: Partial<Declaration> = {}): Declaration {
  return {
    id: 7,
    status: 'EM_ANALISE',
    declaration_flow: { id: 'EM_ANALISE', name: 'Em análise' },
    exporter_id: cafe.id,
    exporter: cafe,
    trade_association: { id: 1, name: 'Associação Comercial de Santos' },
    company_manufacturer_id: 11,
    company_manufacturer: { id: 11, corporate_name: 'Torrefação Serra Azul Ltda.', cnpj: null },
    legal_representative_id: 12,
    legal_representative: { id: 12, name: 'Marina Tavares Lima', cpf: null },
    deal_id: 3,
    deal: { id: 3, abbreviation: 'ACE-18', name: 'MERCOSUL', classification_type: 'NCM' },
    product_name: 'Café solúvel liofilizado',
    internal_product_code: 'CSL-1',
    ncm: '21011110',
    ncm_description: 'Café solúvel, mesmo descafeinado',
    nomenclature_code: '21011110',
    production_process: 'Torra, extração e liofilização.',
    fob_unit_value_min: '8.00',
    fob_unit_value_max: '10.00',
    origin_rule_id: 5,
    origin_rule: { id: 5, code: 'ST', description: 'Salto tarifário' },
    origin_norm_id: 6,
    origin_norm: { id: 6, name: 'Regime de Origem do MERCOSUL', legal_text: null },
    materials: [
      {
        id: 1,
        position: 1,
        ncm: '09011110',
        description: 'Café verde em grão',
        origin_country_id: 1,
        origin_country: { id: 1, code: 'BR', name: 'Brasil' },
        cif_value_usd: '3.50',
        fob_share_percent: '35.00',
        originating: true,
        changes_heading: null,
      },
      {
        id: 2,
        position: 2,
        ncm: '21011190',
        description: 'Extrato importado',
        origin_country_id: 9,
        origin_country: { id: 9, code: 'CN', name: 'China' },
        cif_value_usd: '4.50',
        fob_share_percent: '45.00',
        originating: false,
        changes_heading: false,
      },
    ],
    manufacturer_declaration: null,
    delivery_location_id: null,
    delivery_location: null,
    analyst_id: 2,
    analyst: { id: 2, name: 'Bruno Analista' },
    approved_at: null,
    valid_until: null,
    signed_at: null,
    signed_by_cpf: null,
    rejection_reason: null,
    has_signed_pdf: false,
    can: { edit: false, delete: false, clone: false, sign: false },
    origin_check: {
      fob_value_usd: '10.00',
      non_originating_cif_usd: '4.50',
      non_originating_share_percent: '45.00',
      ceiling_percent: '40.00',
      within_ceiling: false,
      non_originating_count: 1,
      all_change_heading: false,
    },
    actions: ['approve_delivery', 'reject'],
    history: [],
    created_at: '2026-03-10T12:00:00.000Z',
    updated_at: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** `ui` on its real path (`pattern`), beside a stand-in for the list the screens lead back to. */
const renderAt = (pattern: string, path: string, ui: () => ReactNode) =>
  renderRoutes(path, { [pattern]: ui, '/declaracao': () => 'lista' });

describe('declaration screens', () => {
  it(
    'the analysis screen shows the origin check and approves by delivery at the chosen location',
    async () => {
      storeSession(makeUser('analista'));
      const calls = stubApiByPath(
        {
          '/v1/declaration/7': declaration(),
          '/v1/delivery_location/all': { data: [{ id: 3, name: 'Sede da associação emissora' }] },
        },
        () =>
          jsonResponse(200, {
            message: 'Declaração APROVADA com sucesso!',
            declaration: declaration({ status: 'APROVADA', actions: [] }),
          }),
      );
      renderAt('/declaracao-analise/$id', '/declaracao-analise/7', () => <DeclarationAnalysisPage />);

      const check = await screen.findByRole('region', { name: 'Verificação de origem' }, { timeout: 10_000 });
      expect(within(check).getByText('Acima do teto: 45,00 % de 40,00 %')).toBeTruthy();
      expect(
        within(check).getByText('Há material não originário na mesma posição tarifária do produto.'),
      ).toBeTruthy();
      expect(screen.getByText('Mesma posição do produto')).toBeTruthy();
      // Only what the server allows: no take, no digital approval.
      expect(screen.queryByRole('button', { name: 'Iniciar análise' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Aprovar (assinatura digital)' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Aprovar (entrega física)' }));
      const modal = await findDialog('Aprovar a declaração pela entrega');
      // Nothing chosen: the modal says so and sends nothing.
      fireEvent.click(within(modal).getByRole('button', { name: 'Aprovar (entrega física)' }));
      expect(await within(modal).findByText('Escolha o local de entrega da via assinada.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      fireEvent.mouseDown(within(modal).getByRole('combobox'));
      fireEvent.click((await screen.findAllByTitle('Sede da associação emissora')).at(-1) as HTMLElement);
      fireEvent.click(within(modal).getByRole('button', { name: 'Aprovar (entrega física)' }));
      await findToast('Declaração APROVADA com sucesso!');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/v1/declaration/approve_delivery/7', body: { delivery_location_id: 3 } },
      ]);
    },
    SLOW,
  );

  const draft = () =>
    declaration({
      status: 'RASCUNHO',
      analyst: null,
      analyst_id: null,
      actions: ['send_analysis'],
      can: { edit: true, delete: true, clone: true, sign: false },
    });
  const draftGets = () => ({
    '/v1/declaration/7': draft(),
    '/v1/deal/all': {
      data: [{ id: 3, abbreviation: 'ACE-18', name: 'MERCOSUL', classification_type: 'NCM', active: true }],
    },
    '/v1/country/all': { data: [{ id: 1, code: 'BR', name: 'Brasil' }] },
    '/v1/ncm/21011110': { code: '21011110', description: 'Café solúvel', leaf: true, naladi: [] },
  });

  it(
    'a draft: a blank material row is refused in place, and sending waits for the save',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const calls = stubApiByPath(draftGets(), () => jsonResponse(200, draft()));
      renderAt('/declaracao/$id', '/declaracao/7', () => <DeclarationEditPage />);

      const form = await screen.findByRole('form', { name: 'Dados da declaração' }, { timeout: 10_000 });
      expect(within(form).getByRole('textbox', { name: 'Descrição do material 2' })).toHaveProperty(
        'value',
        'Extrato importado',
      );
      expect(screen.getByRole('button', { name: 'Enviar para análise' })).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Adicionar material' }));
      // Unsaved changes: the send button waits for "Salvar".
      expect(await screen.findByText('Salve as alterações antes de enviar para análise.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Enviar para análise' })).toBeNull();
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(within(form).getAllByText('Campo obrigatório.').length).toBeGreaterThan(0));
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    },
    2 * SLOW,
  );

  it(
    'a draft: removing a material asks first (on its safe button), then saves the rest as JSON in the multipart form',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const calls = stubApiByPath(draftGets(), () => jsonResponse(200, draft()));
      renderAt('/declaracao/$id', '/declaracao/7', () => <DeclarationEditPage />);

      const form = await screen.findByRole('form', { name: 'Dados da declaração' }, { timeout: 10_000 });
      const removeSecond = () =>
        fireEvent.click(within(form).getByRole('button', { name: 'Remover o material 2' }));
      // Declined: the dialog opens on 'Cancelar' and the row stays.
      removeSecond();
      const asked = await screen.findByRole('dialog', { name: 'Remover o material 2?' });
      const cancel = within(asked).getByRole('button', { name: 'Cancelar' });
      await waitFor(() => expect(document.activeElement).toBe(cancel));
      fireEvent.click(cancel);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remover o material 2?' })).toBeNull());
      expect(within(form).getByRole('textbox', { name: 'Descrição do material 2' })).toBeTruthy();
      // Confirmed: the row goes.
      removeSecond();
      const again = await screen.findByRole('dialog', { name: 'Remover o material 2?' });
      fireEvent.click(within(again).getByRole('button', { name: 'Remover' }));
      await waitFor(() =>
        expect(within(form).queryByRole('textbox', { name: 'Descrição do material 2' })).toBeNull(),
      );
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      await findToast('Declaração editada com sucesso!');
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toBe('/v1/declaration/7');
      const body = put?.body as FormData;
      expect(JSON.parse(String(body.get('materials')))).toEqual([
        {
          ncm: '09011110',
          description: 'Café verde em grão',
          origin_country_id: 1,
          cif_value_usd: '3.50',
          fob_share_percent: '35.00',
        },
      ]);
      expect(body.get('fob_unit_value_max')).toBe('10.00');
      expect(body.get('remove_manufacturer_declaration')).toBe('false');
    },
    2 * SLOW,
  );

  it(
    'deleting a declaration a certificate cites shows the spec’s 235 text',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const draft = declaration({
        status: 'REPROVADA',
        rejection_reason: 'Falta o processo produtivo completo.',
        actions: ['send_analysis'],
        can: { edit: false, delete: true, clone: true, sign: false },
      });
      stubApiByPath({ '/v1/declaration/7': draft }, () =>
        jsonResponse(235, { code: 'Conflict', message: 'vinculado' }),
      );
      renderAt('/declaracao/$id', '/declaracao/7', () => <DeclarationEditPage />);
      expect(
        await screen.findByText('Falta o processo produtivo completo.', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
      const confirm = await findDialog('Esta ação não pode ser desfeita.');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      await findDialog('O item não pode ser excluído devido a ter certificado vinculado...');
    },
    SLOW,
  );
});

describe('declaration rules', () => {
  it('print failures use SPEC §8’s three texts', () => {
    expect(printFailureText({ status: 404 })).toBe('Falha ao encontrar Declaração !!!');
    expect(printFailureText({ status: 500 })).toBe('Falha ao gerar a Declaração !!!');
    expect(printFailureText({ status: 0 })).toBe('Falha ao imprimir a Declaração !!!');
  });

  it('a row opens where its user works on it', () => {
    const row = { id: 9, status: 'RASCUNHO' as const, exporter_id: cafe.id };
    const exporter = makeUser('exportador', { exporter: { id: cafe.id } });
    expect(declarationScreenFor(exporter, row).to).toBe('/declaracao/9');
    expect(declarationScreenFor(exporter, { ...row, exporter_id: 99 }).to).toBe('/declaracao-consulta/9');
    expect(declarationScreenFor(exporter, { ...row, status: 'ENVIADA' }).to).toBe('/declaracao-consulta/9');
    const analyst = makeUser('analista');
    expect(declarationScreenFor(analyst, { ...row, status: 'ENVIADA' }).to).toBe('/declaracao-analise/9');
    expect(declarationScreenFor(analyst, row).to).toBe('/declaracao-consulta/9');
    expect(declarationScreenFor(makeUser('federacao'), { ...row, status: 'EM_ANALISE' }).to).toBe(
      '/declaracao-consulta/9',
    );
  });
});

describe('the declaration menus', () => {
  const items = (role: RoleSlug, group: string) =>
    (buildMenu(makeUser(role), DELIVERED_ROUTES).find((section) => section.key === group)?.items ?? []).map(
      (item) => item.path,
    );

  it('every role reads declarations; the declaration links are for who holds them (not the dispatcher)', () => {
    for (const role of Object.keys(SYSTEM_ROLES) as RoleSlug[]) {
      expect(items(role, 'declaracoes'), role).toEqual(['/declaracao']);
      expect(items(role, 'vinculos').includes('/vinculo_declaracao'), role).toBe(role !== 'despachante');
    }
  });
});
