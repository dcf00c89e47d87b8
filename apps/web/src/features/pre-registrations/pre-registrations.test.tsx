import type { PreRegistration, PreRegistrationListItem } from '@origem/contract/schemas/pre-registrations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerDialog,
  findDialog,
  findToast,
  jsonResponse,
  makeUser,
  onePage,
  renderRoutes,
  storeSession,
} from '../../test-utils';
import { applicantFormData } from './applicant-form';
import { PreRegistrationAnalysisPage } from './pre-registration-analysis-page';
import { PreRegistrationFormPage } from './pre-registration-form-page';
import { PreRegistrationPendencyPage } from './pre-registration-pendency-page';
import { PreRegistrationsListPage } from './pre-registrations-list-page';

const SLOW = 60_000;
const santos = { id: 1, name: 'Associação Comercial de Santos' };

const stored: PreRegistration = {
  id: 5,
  status: 'ENVIADO',
  profile_type: 'exportador',
  person_type_id: 2,
  cpf: null,
  cnpj: '11222333000181',
  name: 'Café do Planalto Ltda.',
  email: 'contato@planalto.origem.local',
  trade_association: santos,
  created_at: '2026-03-02T13:00:00.000Z',
  trade_name: null,
  state_registration: null,
  phone: '1332191234',
  postcode: '11010000',
  address: 'Rua do Porto',
  number: '10',
  complement: null,
  neighborhood: 'Centro',
  city: 'Santos',
  state: 'SP',
  federation_id: 2,
  trade_association_id: santos.id,
  pendency_reason: null,
  pendency_expires_at: null,
  social_contract: {
    name: 'contrato.pdf',
    mime_type: 'application/pdf',
    size: 2048,
    updated_at: '2026-03-02T13:00:00.000Z',
  },
  federation: { id: 2, name: 'FACESP' },
  reproval_reason: null,
  exporter_id: null,
  dispatcher_id: null,
  analysed_by: null,
  analysed_at: null,
  updated_at: '2026-03-02T13:00:00.000Z',
  actions: ['approve', 'pendency', 'reprove'],
  history: [
    {
      id: 1,
      action: 'create',
      from_status: null,
      to_status: 'ENVIADO',
      note: null,
      user: null,
      created_at: '2026-03-02T13:00:00.000Z',
    },
  ],
};

type Call = { method: string; url: string; body: BodyInit | null | undefined; auth: string | null };

/** Answers by method + path; the option lists of the form answer with one federation and one association. */
function stubApi(handler: (method: string, path: string) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ method, url, body: init?.body, auth: headers.Authorization ?? null });
      const path = url.split('?')[0] ?? url;
      const answer = handler(method, path);
      if (answer) return answer;
      if (path.endsWith('/federation/all'))
        return jsonResponse(200, { data: [{ id: 2, name: 'FACESP', abbreviation: 'FACESP' }] });
      if (path.endsWith('/trade_association/all'))
        return jsonResponse(200, { data: [{ ...santos, abbreviation: 'ACS', federation_id: 2 }] });
      if (path.endsWith('/profile_type/all'))
        return jsonResponse(200, {
          data: [
            { id: 'exportador', name: 'Exportador' },
            { id: 'despachante', name: 'Despachante' },
          ],
        });
      return jsonResponse(404, { code: 'NotFound', message: 'Registro não encontrado.' });
    }),
  );
  return calls;
}

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/pre-cadastro': PreRegistrationFormPage,
    '/pre-cadastro-pendencia/$id': PreRegistrationPendencyPage,
    '/pre-cadastros': PreRegistrationsListPage,
    '/pre-cadastro-analise/$id': PreRegistrationAnalysisPage,
  }).router;

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(null);
});

describe('applicantFormData', () => {
  it('sends the text fields, blank for null, and the PDF under social_contract', () => {
    const file = new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' });
    const body = applicantFormData(
      {
        profile_type: 'exportador',
        person_type_id: 2,
        cpf: null,
        cnpj: '11222333000181',
        name: 'Café',
        trade_name: null,
        state_registration: null,
        email: 'a@b.origem.local',
        phone: null,
        postcode: null,
        address: null,
        number: null,
        complement: null,
        neighborhood: null,
        city: null,
        state: null,
        federation_id: 2,
        trade_association_id: 1,
        social_contract: file,
      },
      { token: 'segredo' },
    );
    expect(body.get('cnpj')).toBe('11222333000181');
    expect(body.get('cpf')).toBe('');
    expect(body.get('federation_id')).toBe('2');
    expect(body.get('token')).toBe('segredo');
    expect((body.get('social_contract') as File).name).toBe('contrato.pdf');
  });
});

describe('/pre-cadastro', () => {
  it(
    'asks for the social contract next to the field and sends nothing without it',
    async () => {
      const calls = stubApi(() => undefined);
      renderAt('/pre-cadastro');
      fireEvent.click(
        await screen.findByRole('button', { name: 'Enviar pré-cadastro' }, { timeout: 10_000 }),
      );
      expect(await screen.findByText('Envie o contrato social em PDF.')).toBeTruthy();
      expect(await screen.findByText('Escolha o perfil: Exportador ou Despachante.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      // The association waits for the federation.
      expect(screen.getByRole('combobox', { name: 'Associação comercial' }).hasAttribute('disabled')).toBe(
        true,
      );
      // Public: no bearer token on the option lists.
      expect(calls.every((c) => c.auth === null)).toBe(true);
    },
    SLOW,
  );
});

describe('/pre-cadastro-pendencia/$id', () => {
  it(
    'says the link is invalid when the server answers 404',
    async () => {
      stubApi(() => undefined);
      renderAt('/pre-cadastro-pendencia/5?token=errado');
      expect(await screen.findByText('Link inválido', {}, { timeout: 10_000 })).toBeTruthy();
      expect(
        screen.getByText(
          'Este link de pendência é inválido ou expirou. Entre em contato com a sua associação comercial.',
        ),
      ).toBeTruthy();
      // Its own message, not the generic 'Registro não encontrado.' dialog.
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the reason and the stored data; a 251 on resubmission shows the text and the support channels',
    async () => {
      const calls = stubApi((method, path) => {
        if (method === 'GET' && path === '/v1/pre_registration/pendency/5')
          return jsonResponse(200, {
            ...stored,
            status: 'PENDENTE',
            pendency_reason: 'Envie o contrato assinado.',
            pendency_expires_at: '2026-03-09T13:00:00.000Z',
          });
        if (method === 'POST' && path === '/v1/pre_registration/5')
          return jsonResponse(251, {
            code: 'AlreadyRegistered',
            message: 'Este CPF/CNPJ já foi cadastrado em nosso Sistema',
            support: { name: santos.name, email: 'origem@acs.origem.local', phone: '1332197000' },
          });
        return undefined;
      });
      renderAt('/pre-cadastro-pendencia/5?token=abc');
      expect(await screen.findByText('Envie o contrato assinado.', {}, { timeout: 10_000 })).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Razão social' }) as HTMLInputElement).value).toBe(
        'Café do Planalto Ltda.',
      );
      // One state for the file: the one on record, replaceable, never "Nenhum arquivo enviado" (issue 9, item 7).
      expect(screen.getByText(/contrato_social\.pdf/)).toBeTruthy();
      expect(screen.getByText('Trocar arquivo')).toBeTruthy();
      expect(screen.queryByText('Nenhum arquivo enviado.')).toBeNull();
      expect(screen.queryByText('Remover')).toBeNull();
      expect(calls[0]?.url).toContain('token=abc');

      fireEvent.click(screen.getByRole('button', { name: 'Enviar correções' }));
      const dialog = await findDialog('Este CPF/CNPJ já foi cadastrado em nosso Sistema');
      expect(within(dialog).getByText('E-mail: origem@acs.origem.local')).toBeTruthy();
      expect(within(dialog).getByText('Telefone: (13) 3219-7000')).toBeTruthy();
      const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
      expect(sent.get('token')).toBe('abc');
      expect(sent.get('social_contract')).toBeNull();
    },
    SLOW,
  );
});

describe('/pre-cadastros', () => {
  it(
    'lists newest first with masked tax ids, status labels and the analysis link',
    async () => {
      storeSession(makeUser('analista'));
      const row: PreRegistrationListItem = {
        id: 5,
        status: 'PENDENTE',
        profile_type: 'despachante',
        person_type_id: 1,
        cpf: '52998224725',
        cnpj: null,
        name: 'Joana Despachante',
        email: 'joana@origem.local',
        trade_association: santos,
        created_at: '2026-03-02T13:00:00.000Z',
      };
      const calls = stubApi((method, path) =>
        method === 'GET' && path === '/v1/pre_registration' ? jsonResponse(200, onePage([row])) : undefined,
      );
      const router = renderAt('/pre-cadastros?status=PENDENTE');
      const line = (await screen.findByText('Joana Despachante', {}, { timeout: 10_000 })).closest(
        'tr',
      ) as HTMLElement;
      expect(within(line).getByText('529.982.247-25')).toBeTruthy();
      expect(within(line).getByText('Pendente')).toBeTruthy();
      expect(within(line).getByText('Despachante')).toBeTruthy();
      expect(calls.find((c) => c.url.startsWith('/v1/pre_registration?'))?.url).toContain('status=PENDENTE');
      fireEvent.click(within(line).getByRole('button', { name: 'Analisar Joana Despachante' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/pre-cadastro-analise/5'));
    },
    SLOW,
  );
});

describe('/pre-cadastro-analise/$id', () => {
  it(
    'shows a refused approval (253) as the warning followed by the server text',
    async () => {
      storeSession(makeUser('analista'));
      const calls = stubApi((method, path) => {
        if (method === 'GET' && path === '/v1/pre_registration/5') return jsonResponse(200, stored);
        if (method === 'POST' && path === '/v1/pre_registration/approve/5')
          return jsonResponse(253, {
            code: 'ApprovalRefused',
            message: 'O CPF/CNPJ deste pré-cadastro já pertence a um exportador ativo no Sistema.',
          });
        return undefined;
      });
      renderAt('/pre-cadastro-analise/5');
      expect(await screen.findByText('contrato_social.pdf (2 KB)', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText('11.222.333/0001-81')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
      await answerDialog('Aprovar: pré-cadastro de', 'Aprovar');
      expect((await findDialog('Pré-Cadastrado não pode ser APROVADO !')).textContent).toContain(
        'O CPF/CNPJ deste pré-cadastro já pertence a um exportador ativo no Sistema.',
      );
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/v1/pre_registration/approve/5',
      ]);
    },
    SLOW,
  );

  it(
    'requires a reason for the pendency and shows the success dialog',
    async () => {
      storeSession(makeUser('analista'));
      const calls = stubApi((method, path) => {
        if (method === 'GET' && path === '/v1/pre_registration/5') return jsonResponse(200, stored);
        if (method === 'POST' && path === '/v1/pre_registration/pendency/5')
          return jsonResponse(200, {
            message:
              'Pendência registrada com sucesso! O solicitante recebeu por e-mail o link para corrigir os dados.',
            pre_registration: { ...stored, status: 'PENDENTE', pendency_reason: 'Assinar.' },
          });
        return undefined;
      });
      renderAt('/pre-cadastro-analise/5');
      fireEvent.click(await screen.findByRole('button', { name: 'Marcar pendência' }, { timeout: 10_000 }));
      const dialog = await findDialog('Marcar pendência: pré-cadastro de');
      const ok = within(dialog).getByRole('button', { name: 'Marcar pendência' });
      expect(ok.hasAttribute('disabled')).toBe(true);
      fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Assinar.' } });
      await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
      fireEvent.click(ok);
      await findToast('Pendência registrada com sucesso!');
      const post = calls.find((c) => c.method === 'POST');
      expect(JSON.parse(String(post?.body))).toEqual({ reason: 'Assinar.' });
    },
    SLOW,
  );

  it(
    'shows exactly the actions the server allows, and the history as a timeline',
    async () => {
      storeSession(makeUser('analista'));
      const pending = {
        ...stored,
        status: 'PENDENTE' as const,
        pendency_reason: 'Falta a assinatura.',
        actions: ['reprove'],
        history: [
          ...stored.history,
          {
            id: 2,
            action: 'pendency',
            from_status: 'ENVIADO',
            to_status: 'PENDENTE',
            note: 'Falta a assinatura.',
            user: { id: 2, name: 'Ana Analista' },
            created_at: '2026-03-03T15:30:00.000Z',
          },
        ],
      };
      stubApi((method, path) =>
        method === 'GET' && path === '/v1/pre_registration/5' ? jsonResponse(200, pending) : undefined,
      );
      renderAt('/pre-cadastro-analise/5');
      expect(await screen.findByRole('button', { name: 'Reprovar' }, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Marcar pendência' })).toBeNull();
      expect(screen.getByText('Criação')).toBeTruthy();
      expect(screen.getAllByText('Falta a assinatura.').length).toBeGreaterThan(0);
      expect(screen.getByText(/Ana Analista/)).toBeTruthy();
    },
    SLOW,
  );
});
