import { type Company, companyMessages } from '@origem/contract/schemas/companies';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession, stubApiByRoute } from '../../test-utils';
import { CompaniesListPage } from './companies-list-page';
import { CompanyForm } from './company-form';
import { ImportersListPage } from './importers-list-page';

configure({ asyncUtilTimeout: 8000 });

const COUNTRIES = [
  { id: 10, code: 'AR', name: 'Argentina', aladi_member: true },
  { id: 11, code: 'BR', name: 'Brasil', aladi_member: true },
];
const BRAZIL = 11;
/** The exporter the type-ahead selects find. */
const cafeExporter = { id: 4, name: 'Café Santista Exportadora Ltda.', cnpj: '11222333000181', cpf: null };
const exporterUser = () => makeUser('exportador', { exporter: { id: 4 } });

function company(id: number, name: string, overrides: Partial<Company> = {}): Company {
  return {
    id,
    company_type_id: 1,
    company_type: { id: 1, name: 'importador' },
    exporter_id: 4,
    exporter: { id: 4, name: 'Café Santista Exportadora Ltda.' },
    dispatcher_id: null,
    dispatcher: null,
    trade_association_id: 3,
    corporate_name: name,
    trade_name: null,
    cnpj: null,
    foreign_tax_id: '30-71234567-9',
    country_id: 10,
    country: { id: 10, code: 'AR', name: 'Argentina' },
    email: null,
    phone: null,
    postcode: null,
    address: null,
    number: null,
    complement: null,
    neighborhood: null,
    city: 'Buenos Aires',
    state: 'CABA',
    social_contract: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const titled = await screen.findAllByTitle(option);
  const last = titled.at(-1);
  if (!last) throw new Error(`sem a opção ${option}`);
  fireEvent.click(last);
}

async function clickDialogButton(name: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByText(name));
}

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('company lists', () => {
  it(
    'the importers list fixes the type, masks CNPJs, shows foreign tax ids and deletes after confirmation',
    async () => {
      storeSession(exporterUser());
      let deleted = false;
      const fetchMock = stubApiByRoute({
        'GET /v2/company': () =>
          jsonResponse(
            200,
            onePage(
              [
                company(1, 'Importadora Rioplatense S.A.'),
                company(2, 'Importadora Carioca Ltda.', {
                  cnpj: '11222333000181',
                  foreign_tax_id: null,
                  country: { id: 11, code: 'BR', name: 'Brasil' },
                  city: 'Rio de Janeiro',
                  state: 'RJ',
                }),
              ].filter((c) => !(deleted && c.id === 2)),
            ),
          ),
        'DELETE /v1/company/2': () => {
          deleted = true;
          return jsonResponse(200, { message: companyMessages.deleted });
        },
      });
      renderInApp(<ImportersListPage />, '/importadores?city=rio');
      const carioca = (await screen.findByText('Importadora Carioca Ltda.', {}, { timeout: 10_000 })).closest(
        'tr',
      );
      if (!carioca) throw new Error('sem a linha');
      expect(within(carioca).getByText('11.222.333/0001-81')).toBeTruthy();
      expect(within(carioca).getByText('Rio de Janeiro / RJ')).toBeTruthy();
      expect(screen.getByText('30-71234567-9')).toBeTruthy();
      // An exporter's own book: no owner column, no type column (the list is of one type).
      expect(screen.queryByText('Cadastro de')).toBeNull();
      expect(screen.queryByText('Tipo')).toBeNull();
      expect(screen.getByText('Novo importador')).toBeTruthy();
      const listCall = String(
        fetchMock.mock.calls.find(([url]) => String(url).startsWith('/v2/company'))?.[0],
      );
      expect(listCall).toContain('company_type_id=1');
      expect(listCall).toContain('city=rio');

      fireEvent.click(screen.getByLabelText('Excluir Importadora Carioca Ltda.'));
      await clickDialogButton('Excluir');
      expect((await screen.findAllByText(companyMessages.deleted)).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByText('Importadora Carioca Ltda.')).toBeNull());
      expect(
        fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/v1/company/2'),
      ).toBe(true);
    },
    SLOW,
  );

  it(
    'the full list shows types and owners to staff; read-only roles only view; empty state offers clearing filters',
    async () => {
      storeSession(makeUser('federacao'));
      let calls = 0;
      stubApiByRoute({
        'GET /v2/company': () => {
          calls += 1;
          return jsonResponse(
            200,
            onePage(
              calls > 1
                ? []
                : [
                    company(3, 'Torrefação Serra Azul Ltda.', {
                      company_type_id: 2,
                      cnpj: '11222333000181',
                      foreign_tax_id: null,
                      social_contract: {
                        name: 'contrato.pdf',
                        mime_type: 'application/pdf',
                        size: 2048,
                        updated_at: '2026-01-01T00:00:00.000Z',
                      },
                    }),
                  ],
            ),
          );
        },
      });
      const { router } = renderInApp(<CompaniesListPage />, '/empresas');
      const row = (await screen.findByText('Torrefação Serra Azul Ltda.', {}, { timeout: 10_000 })).closest(
        'tr',
      );
      if (!row) throw new Error('sem a linha');
      expect(within(row).getByText('Fabricante')).toBeTruthy();
      expect(within(row).getByText('Café Santista Exportadora Ltda.')).toBeTruthy();
      expect(screen.getByLabelText('Baixar contrato social de Torrefação Serra Azul Ltda.')).toBeTruthy();
      expect(screen.queryByLabelText(/^Excluir /)).toBeNull();
      expect(screen.queryByText('Novo fabricante')).toBeNull();
      expect(screen.queryByText('Novo importador ou consignatário')).toBeNull();
      // A manufacturer opens on its own form.
      fireEvent.click(screen.getByLabelText('Ver Torrefação Serra Azul Ltda.'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/empresas-fab/3'));

      router.history.push('/empresas?corporate_name=xyz');
      expect(await screen.findByText('Nenhum resultado para estes filtros.')).toBeTruthy();
      expect(screen.getByText('Limpar filtros')).toBeTruthy();
    },
    SLOW,
  );
});

describe('CompanyForm', () => {
  it(
    'creates a foreign importer: foreign tax id instead of CNPJ, free postcode, multipart body, success dialog',
    async () => {
      storeSession(exporterUser());
      const bodies: FormData[] = [];
      stubApiByRoute({
        'GET /v1/country/all': () => jsonResponse(200, { data: COUNTRIES }),
        'POST /v1/company': (init) => {
          bodies.push(init?.body as FormData);
          return jsonResponse(201, company(9, 'Compradora Porteña S.R.L.', { company_type_id: 3 }));
        },
        'GET /v2/company': () => jsonResponse(200, onePage([])),
      });
      const { router } = renderInApp(<CompanyForm type={1} brazilId={BRAZIL} />, '/empresas-imp-int/novo');
      await screen.findByText('Novo importador', {}, { timeout: 10_000 });
      // An exporter does not choose the exporter.
      expect(screen.queryByLabelText('Exportador')).toBeNull();

      await choose('País', 'Argentina');
      fireEvent.change(screen.getByLabelText('Razão social'), {
        target: { value: 'Compradora Porteña S.R.L.' },
      });
      fireEvent.change(screen.getByLabelText('Código postal'), { target: { value: 'C1002ABC' } });
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText(companyMessages.foreignTaxIdRequired)).toBeTruthy();
      expect(screen.queryByLabelText('CNPJ')).toBeNull();

      fireEvent.change(screen.getByLabelText('Identificador fiscal'), { target: { value: '30-70999888-1' } });
      fireEvent.click(screen.getByText('Consignatário (interveniente)'));
      const pdf = new File(['%PDF-1.4 teste'], 'contrato.pdf', { type: 'application/pdf' });
      const picker = document.querySelector('input[type=file]');
      if (!picker) throw new Error('sem o campo de arquivo');
      fireEvent.change(picker, { target: { files: [pdf] } });
      expect(await screen.findByText(/novo arquivo/)).toBeTruthy();
      fireEvent.click(screen.getByText('Salvar'));

      expect((await screen.findAllByText(companyMessages.created)).length).toBeGreaterThan(0);
      const body = bodies[0];
      if (!body) throw new Error('sem envio');
      expect(body.get('corporate_name')).toBe('Compradora Porteña S.R.L.');
      expect(body.get('company_type_id')).toBe('3');
      expect(body.get('country_id')).toBe('10');
      expect(body.get('foreign_tax_id')).toBe('30-70999888-1');
      expect(body.get('postcode')).toBe('C1002ABC');
      expect(body.get('cnpj')).toBe('');
      expect((body.get('social_contract') as File).name).toBe('contrato.pdf');
      // Saved as an intervenor: back to the consignees' list.
      await waitFor(() => expect(router.state.location.pathname).toBe('/consignatarios'));
    },
    SLOW,
  );

  it(
    'a Brazilian manufacturer needs a valid CNPJ; server messages land next to their fields',
    async () => {
      storeSession(makeUser('analista'));
      const searched: string[] = [];
      stubApiByRoute({
        'GET /v1/country/all': () => jsonResponse(200, { data: COUNTRIES }),
        // The exporter select searches the paged list (20 at most, uncounted); no `/all` list is loaded.
        'GET /v1/exporter': (_init, url) => {
          searched.push(url);
          return jsonResponse(200, onePage([cafeExporter], 20));
        },
        'POST /v1/company': () =>
          jsonResponse(422, {
            code: 'ValidationError',
            message: 'Verifique os campos.',
            errors: { social_contract: ['Tipo de arquivo não aceito. Envie um arquivo PDF.'] },
          }),
      });
      renderInApp(<CompanyForm type={2} brazilId={BRAZIL} />, '/empresas-fab/novo');
      await screen.findByText('Novo fabricante', {}, { timeout: 10_000 });
      // Staff choose the exporter; the manufacturer form has no type choice.
      expect(screen.queryByText('Tipo de empresa')).toBeNull();
      await choose('Exportador', 'Café Santista Exportadora Ltda. (11.222.333/0001-81)');
      expect(searched).toEqual(['/v1/exporter?page=1&per_page=20&count=false']);
      await choose('País', 'Brasil');
      fireEvent.change(screen.getByLabelText('Razão social'), {
        target: { value: 'Beneficiadora Mogiana Ltda.' },
      });
      fireEvent.change(screen.getByLabelText('CNPJ'), { target: { value: '11222333000182' } });
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText('CNPJ inválido.')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('CNPJ'), { target: { value: '11222333000181' } });
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText('Tipo de arquivo não aceito. Envie um arquivo PDF.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'a dispatcher files a new company in a linked exporter’s book, chosen by type-ahead',
    async () => {
      storeSession(makeUser('despachante', { dispatcher: { id: 7 } }));
      const searched: string[] = [];
      const bodies: FormData[] = [];
      stubApiByRoute({
        'GET /v1/country/all': () => jsonResponse(200, { data: COUNTRIES }),
        // The server answers a dispatcher only the exporters it has an approved link with.
        'GET /v1/exporter': (_init, url) => {
          searched.push(url);
          return jsonResponse(200, { ...onePage([cafeExporter], 20), total_capped: true });
        },
        'POST /v1/company': (init) => {
          bodies.push(init?.body as FormData);
          return jsonResponse(201, company(9, 'Compradora Porteña S.R.L.'));
        },
        'GET /v2/company': () => jsonResponse(200, onePage([])),
      });
      renderInApp(<CompanyForm type={1} brazilId={BRAZIL} />, '/empresas-imp-int/novo');
      const field = await screen.findByLabelText('Exportador vinculado', {}, { timeout: 10_000 });
      fireEvent.mouseDown(field);
      fireEvent.change(field, { target: { value: 'Café' } });
      await waitFor(() => expect(searched.some((url) => url.includes('name=Caf%C3%A9'))).toBe(true));
      fireEvent.click(
        (await screen.findAllByTitle('Café Santista Exportadora Ltda. (11.222.333/0001-81)')).at(
          -1,
        ) as HTMLElement,
      );
      await choose('País', 'Argentina');
      fireEvent.change(screen.getByLabelText('Razão social'), {
        target: { value: 'Compradora Porteña S.R.L.' },
      });
      fireEvent.change(screen.getByLabelText('Identificador fiscal'), { target: { value: '30-70999888-1' } });
      fireEvent.click(screen.getByText('Salvar'));
      expect((await screen.findAllByText(companyMessages.created)).length).toBeGreaterThan(0);
      expect(bodies[0]?.get('exporter_id')).toBe('4');
    },
    SLOW,
  );

  it(
    'editing shows the saved social contract with its download, and removing it sends remove_social_contract',
    async () => {
      storeSession(exporterUser());
      const bodies: FormData[] = [];
      const saved = company(5, 'Torrefação Serra Azul Ltda.', {
        company_type_id: 2,
        cnpj: '11222333000181',
        foreign_tax_id: null,
        country_id: BRAZIL,
        country: { id: BRAZIL, code: 'BR', name: 'Brasil' },
        postcode: '11500000',
        state: 'SP',
        social_contract: {
          name: 'contrato-serra-azul.pdf',
          mime_type: 'application/pdf',
          size: 4096,
          updated_at: '2026-01-01T00:00:00.000Z',
        },
      });
      stubApiByRoute({
        'GET /v1/country/all': () => jsonResponse(200, { data: COUNTRIES }),
        'POST /v1/company/5': (init) => {
          bodies.push(init?.body as FormData);
          return jsonResponse(200, { ...saved, social_contract: null });
        },
        'GET /v2/company': () => jsonResponse(200, onePage([])),
      });
      renderInApp(<CompanyForm company={saved} type={2} brazilId={BRAZIL} />, '/empresas-fab/5');
      expect(
        // Shown by the name it downloads as (SPEC §9), not the name it was sent with.
        await screen.findByText('contrato_social.pdf', { exact: false }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('Baixar')).toBeTruthy();
      expect((screen.getByLabelText('CEP') as HTMLInputElement).value).toBe('11500-000');
      expect((screen.getByLabelText('CNPJ') as HTMLInputElement).value).toBe('11.222.333/0001-81');
      fireEvent.click(screen.getByText('Remover'));
      expect(await screen.findByText('O arquivo atual será removido ao salvar.')).toBeTruthy();
      fireEvent.click(screen.getByText('Salvar'));
      expect((await screen.findAllByText(companyMessages.updated)).length).toBeGreaterThan(0);
      expect(bodies[0]?.get('remove_social_contract')).toBe('true');
      expect(bodies[0]?.get('social_contract')).toBeNull();
      expect(bodies[0]?.get('postcode')).toBe('11500000');
    },
    SLOW,
  );
});
