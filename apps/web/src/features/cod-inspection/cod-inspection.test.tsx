import type { CodInspection } from '@origem/contract/schemas/cod-inspection';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderInApp, stubFetch } from '../../test-utils';
import { formatDateTime } from '../../ui/format';
import { CodInspectionSummary, partyText } from './cod-inspection-summary';
import { CodUploadBlock, codFileProblem } from './cod-upload-block';

configure({ asyncUtilTimeout: 8000 });

const result: CodInspection = {
  valid: false,
  stage: 'complete',
  stage_label: 'Completo (exportador e entidade)',
  version: '1.8.3',
  form: 'A18',
  agreement_name: 'ACE 18 - Acordo de teste',
  agreement_acronym: 'A18',
  certificate_id: 'BR036A18260000012300',
  certificate_date: '2026-01-12T13:00:00.000Z',
  control_code: null,
  schema: { file: 'cod_ver_1.8.3.xsd', valid: true, errors: [] },
  exporter: { name: 'Café Exportação Ltda', country: 'BR', address: 'Rua das Flores, 10', city: 'Santos' },
  importer: { name: 'Importadora SA', country: 'AR', address: null, city: 'Buenos Aires' },
  entity: { code: '036', name: 'Associação Comercial de Teste', country: 'BR' },
  invoices: [{ number: 'FAT-2026/001', date: '2026-01-10' }],
  items: [
    {
      order: '1',
      code: '0901.21.00',
      description: 'Café torrado e moído',
      quantity: '100',
      unit: 'KG',
      value: '1000.5',
      origin_criterion: 'Art. 3, a)',
    },
  ],
  declaration_date: '2026-01-11T15:00:00.000Z',
  signatures: [
    {
      target: 'COD',
      label: 'Assinatura do exportador',
      status: 'valid',
      reason: null,
      signer_name: 'MARIA EXPORTADORA',
      signer_cpf: '***.456.789-**',
      certificate_issuer: 'AC Teste Origem',
      certificate_valid_from: '2026-01-01T00:00:00.000Z',
      certificate_valid_to: '2027-01-01T00:00:00.000Z',
      signed_at: '2026-01-11T15:00:00.000Z',
    },
    {
      target: 'CODEH',
      label: 'Assinatura da entidade emissora',
      status: 'invalid',
      reason: 'A assinatura da entidade não confere: o documento foi alterado depois de assinado.',
      signer_name: null,
      signer_cpf: null,
      certificate_issuer: null,
      certificate_valid_from: null,
      certificate_valid_to: null,
      signed_at: '2026-01-12T13:00:00.000Z',
    },
  ],
  problems: ['A assinatura da entidade não confere: o documento foi alterado depois de assinado.'],
  record: {
    match: 'different',
    message:
      'O CertificateID BR036A18260000012300 é de um certificado emitido pelo Origem, mas este arquivo não é o COD que emitimos: foi alterado ou é de uma etapa anterior.',
    status_label: null,
    verification_path: null,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('the COD summary', () => {
  it('shows the verdict, parties, goods with origin criteria, and each signature with its tag and reason', () => {
    render(<CodInspectionSummary result={result} />);
    expect(screen.getByText('O COD tem pendências: veja os problemas abaixo')).toBeTruthy();
    const problems = screen.getByRole('list', { name: 'Problemas encontrados' });
    expect(within(problems).getByText(/documento foi alterado/)).toBeTruthy();
    expect(screen.getByText('BR036A18260000012300')).toBeTruthy();
    expect(screen.getByText('Café Exportação Ltda (BR · Santos · Rua das Flores, 10)')).toBeTruthy();
    expect(screen.getByText('Importadora SA (AR · Buenos Aires)')).toBeTruthy();
    expect(screen.getByText('A18 — ACE 18 - Acordo de teste (formulário A18)')).toBeTruthy();
    expect(screen.getByText('0901.21.00')).toBeTruthy();
    expect(screen.getByText('Art. 3, a)')).toBeTruthy();
    expect(screen.getByText('100 KG')).toBeTruthy();
    const exporter = screen.getByLabelText('Assinatura do exportador: Válida');
    expect(within(exporter).getByText('MARIA EXPORTADORA')).toBeTruthy();
    expect(within(exporter).getByText('***.456.789-**')).toBeTruthy();
    expect(within(exporter).getByText(formatDateTime('2026-01-11T15:00:00.000Z'))).toBeTruthy();
    const entity = screen.getByLabelText('Assinatura da entidade emissora: Inválida');
    expect(within(entity).getByText(/documento foi alterado/)).toBeTruthy();
  });

  it("says how the file stands against Origem's records, with the certificate's page only for the issued file", () => {
    const { unmount } = render(<CodInspectionSummary result={result} />);
    const different = screen.getByRole('status', { name: 'Registro no Origem' });
    expect(within(different).getByText('Não confere com o COD emitido pelo Origem')).toBeTruthy();
    expect(within(different).getByText(/não é o COD que emitimos/)).toBeTruthy();
    expect(within(different).queryByRole('link')).toBeNull();
    unmount();
    render(
      <CodInspectionSummary
        result={{
          ...result,
          record: {
            match: 'same',
            message: 'Este arquivo é o COD que o Origem emitiu. Situação atual do certificado: Cancelado.',
            status_label: 'Cancelado',
            verification_path: '/verificar/abc123',
          },
        }}
      />,
    );
    const same = screen.getByRole('status', { name: 'Registro no Origem' });
    expect(within(same).getByText('Emitido pelo Origem')).toBeTruthy();
    expect(within(same).getByText(/Situação atual do certificado: Cancelado/)).toBeTruthy();
    expect(
      within(same)
        .getByRole('link', { name: 'Abrir a página de verificação do certificado' })
        .getAttribute('href'),
    ).toBe('/verificar/abc123');
  });

  it('says the COD is sound when nothing is wrong', () => {
    render(<CodInspectionSummary result={{ ...result, valid: true, problems: [] }} />);
    expect(screen.getByText('COD íntegro: esquema da ALADI e as duas assinaturas conferem')).toBeTruthy();
    expect(partyText(null)).toBe('—');
  });
});

describe('the upload block', () => {
  const pick = (container: HTMLElement, file: File) => {
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('checks the file before sending it', () => {
    expect(codFileProblem({ name: 'cod.pdf', size: 10 })).toBe('Envie o arquivo XML do COD (.xml).');
    expect(codFileProblem({ name: 'cod.xml', size: 2 * 1024 * 1024 })).toMatch(/máximo de 1 MB/);
    expect(codFileProblem({ name: 'COD.XML', size: 10 })).toBeNull();
  });

  it('sends the XML to the public route without a token and shows the summary, or the refusal', async () => {
    const fetchMock = stubFetch(
      jsonResponse(200, result),
      jsonResponse(422, {
        code: 'ValidationError',
        message: 'O arquivo não é um XML válido.',
        errors: { file: ['O arquivo não é um XML válido.'] },
      }),
    );
    const { container } = renderInApp(<CodUploadBlock audience="public" />);
    await waitFor(() => expect(container.querySelector('input[type="file"]')).toBeTruthy());
    pick(container, new File(['<ns1:Envelope/>'], 'BR036A18260000012300.xml', { type: 'application/xml' }));
    await screen.findByText('BR036A18260000012300');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/v1/certificate/verification/cod');
    expect(init?.body).toBeInstanceOf(FormData);
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    pick(container, new File(['<a>'], 'quebrado.xml', { type: 'application/xml' }));
    expect((await screen.findByRole('alert')).textContent).toContain('O arquivo não é um XML válido.');
    expect(screen.queryByText('BR036A18260000012300')).toBeNull();
  });
});
