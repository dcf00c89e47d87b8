import type { Certificate } from '@origem/contract/schemas/certificates';
import type { Declaration } from '@origem/contract/schemas/declarations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { certificateTarget, declarationTarget } from '../../lib/signing-target';
import {
  findDialog,
  jsonResponse,
  makeUser,
  renderRoutes,
  storeSession,
  stubApiByPath,
} from '../../test-utils';
import { A1SignaturePage } from './a1-signature-page';

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const certificate = (overrides: Partial<Certificate> = {}) =>
  ({
    id: 5,
    certificate_number: null,
    status: 'AGUARDANDO_ASSINATURA',
    actions: ['first_signature'],
    legal_representative: { id: 2, name: 'Maria Responsável', cpf: '52998224725' },
    ...overrides,
  }) as unknown as Certificate;

/** GETs answered from `gets`; each other call with the next of `posts`. */
const stubApi = (gets: Record<string, unknown>, posts: Response[]) =>
  stubApiByPath(gets, () => posts.shift() ?? jsonResponse(500, {}));

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/assinatura-digital-a1/$id': A1SignaturePage,
    '/certificado/$id': () => 'o certificado',
  }).router;

describe('what the A1 screen signs', () => {
  it("follows the server: the certificate's pending signature, the declaration's can.sign", () => {
    expect(certificateTarget(certificate()).path).toBe('/v1/certificate/first/signature/xml/a1/5');
    const second = certificateTarget(certificate({ status: 'APROVADO', actions: ['second_signature'] }));
    expect(second.path).toBe('/v1/certificate/second/signature/xml/a1/5');
    expect(second.back).toBe('/certificado-consulta/5');
    expect(certificateTarget(certificate({ actions: [] })).path).toBeNull();
    const d = {
      id: 9,
      product_name: 'Café',
      status: 'EM_ANALISE',
      legal_representative: { id: 2, name: 'Maria', cpf: null },
      can: { edit: false, delete: false, clone: true, sign: true },
    } as unknown as Declaration;
    expect(declarationTarget(d)).toMatchObject({
      path: '/v1/declaration/signature/a1/9',
      back: '/declaracao/9',
    });
    expect(declarationTarget({ ...d, can: { ...d.can, sign: false } }).path).toBeNull();
  });
});

describe('A1 signature screen', () => {
  it(
    "shows the server's refusal next to the form, then signs and returns to the certificate",
    async () => {
      storeSession(makeUser('exportador'));
      const calls = stubApi({ '/v1/certificate/5': certificate() }, [
        jsonResponse(422, {
          code: 'FlowActionRefused',
          message: 'O CPF do certificado digital (11144477735) não é o CPF do responsável legal.',
        }),
        jsonResponse(200, {
          message: 'Certificado assinado e enviado para análise!',
          certificate: certificate({ status: 'ENVIADO', actions: [] }),
        }),
      ]);
      const router = renderAt('/assinatura-digital-a1/5?tipo=certificado');

      expect(
        await screen.findByText(/Primeira assinatura: Maria Responsável/, {}, { timeout: 10_000 }),
      ).toBeTruthy();
      // Nothing picked: the form says so and sends nothing.
      fireEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      expect(await screen.findByText('Escolha o certificado A1 (.pfx/.p12).')).toBeTruthy();
      expect(await screen.findByText('Informe a senha do certificado A1.')).toBeTruthy();

      const picker = screen.getByLabelText('Certificado A1 (.pfx/.p12)');
      fireEvent.change(picker, { target: { files: [new File(['x'], 'nota.pdf')] } });
      expect(await screen.findByText('Escolha o arquivo do certificado A1 (.pfx ou .p12).')).toBeTruthy();
      const p12 = new File([new Uint8Array([0x30, 0x82, 0x01])], 'maria.pfx', {
        type: 'application/x-pkcs12',
      });
      fireEvent.change(picker, { target: { files: [p12] } });
      fireEvent.change(screen.getByLabelText('Senha do certificado'), { target: { value: 'segredo' } });
      fireEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      let confirm = await findDialog('não pode ser desfeita');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Assinar' }));

      expect(await screen.findByText('A assinatura não foi aceita', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText(/não é o CPF do responsável legal/)).toBeTruthy();
      const first = calls.find((c) => c.method === 'POST');
      expect(first?.url).toBe('/v1/certificate/first/signature/xml/a1/5');
      const body = first?.body as FormData;
      expect(body.get('password')).toBe('segredo');
      expect((body.get('certificate') as File).name).toBe('maria.pfx');
      expect(router.state.location.pathname).toBe('/assinatura-digital-a1/5');

      // The password was cleared after the refusal: type it again and sign.
      fireEvent.change(screen.getByLabelText('Senha do certificado'), { target: { value: 'segredo' } });
      fireEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      confirm = await findDialog('não pode ser desfeita');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Assinar' }));
      await screen.findByText('Certificado assinado e enviado para análise!');
      await waitFor(() => expect(router.state.location.pathname).toBe('/certificado/5'), { timeout: 10_000 });
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'says so when nothing awaits this user’s signature (no form)',
    async () => {
      storeSession(makeUser('exportador'));
      stubApi({ '/v1/certificate/5': certificate({ status: 'ENVIADO', actions: [] }) }, []);
      renderAt('/assinatura-digital-a1/5');
      expect(
        await screen.findByText(
          'Nenhuma assinatura sua está pendente neste documento.',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(screen.queryByLabelText('Senha do certificado')).toBeNull();
    },
    SLOW,
  );
});
