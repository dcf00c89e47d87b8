import { legalRepresentativeMessages } from '@origem/contract/schemas/legal-representatives';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderInApp, renderRoutes, storeSession } from '../../test-utils';
import { LegalRepresentativeEditPage } from './legal-representative-edit-page';
import { LegalRepresentativeForm } from './legal-representative-form';
import { type Call, cafe, representative, searches, stubApi } from './test-rows';

const SLOW = 60_000;
const selects = { '/v1/job_position/all': [{ id: 2, name: 'Diretor' }], '/v1/exporter': [cafe] };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const titled = await screen.findAllByTitle(option);
  const last = titled.at(-1);
  if (!last) throw new Error(`sem a opção ${option}`);
  fireEvent.click(last);
}

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('sem o campo de arquivo');
  fireEvent.change(input, { target: { files: [file] } });
}

function typeDate(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

const pdf = () => new File(['%PDF-1.7\n%%EOF\n'], 'procuracao-assinada.pdf', { type: 'application/pdf' });
const form = (call: Call | undefined) => call?.body as FormData;

/** The edit screen on its real path, without the app shell. */
const renderEditPage = (path: string) =>
  renderRoutes(path, {
    '/responsavel-legal': () => 'lista',
    '/responsavel-legal/$id': LegalRepresentativeEditPage,
  }).router;

describe('LegalRepresentativeForm', () => {
  it(
    'an exporter adds a representative with the procuration PDF and its date in one multipart save',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const calls = stubApi(() => jsonResponse(201, representative(9, 'Rafael Nogueira Prado')), selects);
      const { router } = renderInApp(<LegalRepresentativeForm />, '/responsavel-legal/novo');
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Rafael Nogueira Prado' } });
      // Its own exporter: no choice to make.
      expect(screen.queryByLabelText('Exportador')).toBeNull();
      fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '529.982.247-25' } });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'rafael@cafe.origem.local' } });
      await choose('Cargo', 'Diretor');
      typeDate('Validade da procuração', '30/06/2099');
      pickFile(pdf());
      expect(await screen.findByText(/procuracao-assinada\.pdf/)).toBeTruthy();
      fireEvent.click(screen.getByText('Salvar'));

      expect((await screen.findAllByText(legalRepresentativeMessages.created)).length).toBeGreaterThan(0);
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.path).toBe('/v1/legal_representative');
      const body = form(post);
      expect(body.get('name')).toBe('Rafael Nogueira Prado');
      expect(body.get('cpf')).toBe('52998224725');
      expect(body.get('job_position_id')).toBe('2');
      expect(body.get('procuration_valid_until')).toBe('2099-06-30');
      expect(body.get('remove_procuration')).toBe('false');
      expect(body.get('exporter_id')).toBe('');
      expect((body.get('procuration') as File).name).toBe('procuracao-assinada.pdf');
      await waitFor(() => expect(router.state.location.pathname).toBe('/responsavel-legal'));
    },
    SLOW,
  );

  it(
    'refuses a file that is not a PDF, and a PDF without its validity date, before sending',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const calls = stubApi(() => jsonResponse(500, {}), selects);
      renderInApp(<LegalRepresentativeForm />, '/responsavel-legal/novo');
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Rafael' } });
      fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '529.982.247-25' } });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'rafael@cafe.origem.local' } });
      await choose('Cargo', 'Diretor');
      pickFile(new File(['MZ'], 'procuracao.exe', { type: 'application/x-msdownload' }));
      expect(await screen.findByText('Tipo de arquivo não aceito. Envie um arquivo PDF.')).toBeTruthy();
      pickFile(pdf());
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText(legalRepresentativeMessages.validUntilRequired)).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'staff must choose the exporter; server field errors land next to the fields',
    async () => {
      storeSession(makeUser('analista'));
      const calls = stubApi(
        () =>
          jsonResponse(422, {
            code: 'ValidationError',
            message: 'Os dados enviados são inválidos.',
            errors: { cpf: [legalRepresentativeMessages.cpfTaken] },
          }),
        selects,
      );
      renderInApp(<LegalRepresentativeForm />, '/responsavel-legal/novo');
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Rafael' } });
      fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '529.982.247-25' } });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'rafael@cafe.origem.local' } });
      await choose('Cargo', 'Diretor');
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText(legalRepresentativeMessages.exporterRequired)).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      // The exporter is searched on the server (a type-ahead of 20), never loaded whole from /v1/exporter/all.
      fireEvent.mouseDown(screen.getByLabelText('Exportador'));
      fireEvent.change(screen.getByLabelText('Exportador'), { target: { value: 'santista' } });
      await waitFor(() =>
        expect(searches).toContain('/v1/exporter?name=santista&page=1&per_page=20&count=false'),
      );
      await choose('Exportador', cafe.name);
      fireEvent.click(screen.getByText('Salvar'));
      expect(await screen.findByText(legalRepresentativeMessages.cpfTaken)).toBeTruthy();
      expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
      expect(form(calls.find((c) => c.method === 'POST')).get('exporter_id')).toBe(String(cafe.id));
    },
    SLOW,
  );
});

describe('LegalRepresentativeEditPage', () => {
  it(
    'edits: shows the stored procuration, removes it on request and says so',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      const stored = representative(3, 'Marina Tavares Lima');
      const calls = stubApi(
        ({ method }) =>
          method === 'POST'
            ? jsonResponse(200, { ...stored, has_procuration: false, procuration: null })
            : jsonResponse(200, stored),
        selects,
      );
      const router = renderEditPage('/responsavel-legal/3');
      expect(await screen.findByText(/procuracao\.pdf \(2 KB\)/, {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText('Em vigor')).toBeTruthy();
      expect(screen.getByText('Baixar procuração')).toBeTruthy();
      fireEvent.click(screen.getByText('Remover'));
      expect(screen.getByText('O arquivo atual será removido ao salvar.')).toBeTruthy();
      fireEvent.click(screen.getByText('Salvar'));
      expect((await screen.findAllByText(legalRepresentativeMessages.updated)).length).toBeGreaterThan(0);
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.path).toBe('/v1/legal_representative/3');
      expect(form(post).get('remove_procuration')).toBe('true');
      expect(form(post).get('procuration')).toBeNull();
      await waitFor(() => expect(router.state.location.pathname).toBe('/responsavel-legal'));
    },
    SLOW,
  );

  it(
    'without manage it is read-only, with the expired procuration flagged and its download',
    async () => {
      storeSession(makeUser('federacao'));
      stubApi(() =>
        jsonResponse(
          200,
          representative(3, 'Marina Tavares Lima', {
            procuration_valid_until: '2024-12-31',
            procuration_expired: true,
          }),
        ),
      );
      renderEditPage('/responsavel-legal/3');
      expect(await screen.findByText('Dados do responsável legal', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText(legalRepresentativeMessages.expired)).toBeTruthy();
      expect(screen.getByText('31/12/2024')).toBeTruthy();
      expect(screen.getByText('529.982.247-25')).toBeTruthy();
      expect(screen.getByText('Baixar procuração')).toBeTruthy();
      expect(screen.queryByText('Salvar')).toBeNull();
      expect(screen.queryByText('Excluir')).toBeNull();
    },
    SLOW,
  );

  it(
    'a representative out of reach shows "Registro não encontrado."',
    async () => {
      storeSession(makeUser('exportador', { exporter: { id: cafe.id } }));
      stubApi(() => jsonResponse(404, { code: 'NotFound', message: 'Registro não encontrado.' }));
      renderEditPage('/responsavel-legal/77');
      expect(
        (await screen.findAllByText('Registro não encontrado.', {}, { timeout: 10_000 })).length,
      ).toBeGreaterThan(0);
      expect(screen.getByText('Voltar para os responsáveis legais')).toBeTruthy();
    },
    SLOW,
  );
});
