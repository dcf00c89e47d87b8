import { certificateFlow } from '@origem/contract/flows';
import { bulkSendMessages } from '@origem/contract/schemas/certificate-bulk';
import { CERTIFICATE_STATUS_CODES } from '@origem/contract/schemas/certificates';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as navigation from '../../lib/navigation';
import { makeUser, storeSession } from '../../test-utils';
import { DownloadOverlay } from '../../ui/download-overlay';
import { FeedbackBridge } from '../../ui/feedback-host';
import { reasonsOf } from './api/act-on-certificate';
import { EDIT_CERTIFICATE_LABEL, idFromPath, printCertificate } from './api/documents';
import { COMPANY_TYPES, companySource } from './api/options';
import { actionsFor } from './certificate-actions';
import { mayBeSent } from './certificate-bulk-send';
import { screenFor } from './certificate-paths';
import { verificationStatusText } from './verification-page';

const can = (granted: string[]) => (permission: string) => granted.includes(permission);

describe('which screen a certificate row opens', () => {
  it('sends the analyst to the analysis while a decision waits, the party to its detail, others to the consultation', () => {
    const analyst = can(['certificate.view', 'certificate.analyse']);
    expect(screenFor({ id: 7, status: 'ENVIADO' }, analyst)).toEqual({
      to: '/certificado-analise/7',
      verb: 'Analisar',
    });
    expect(screenFor({ id: 7, status: 'CANCELAMENTO_SOLICITADO' }, analyst).to).toBe(
      '/certificado-analise/7',
    );
    expect(screenFor({ id: 7, status: 'EMITIDO' }, analyst)).toEqual({
      to: '/certificado-consulta/7',
      verb: 'Ver',
    });
    const exporter = can(['certificate.view', 'certificate.create']);
    expect(screenFor({ id: 7, status: 'RASCUNHO' }, exporter)).toEqual({
      to: '/certificado/7',
      verb: 'Editar',
    });
    expect(screenFor({ id: 7, status: 'EMITIDO' }, exporter)).toEqual({
      to: '/certificado/7',
      verb: 'Abrir',
    });
    expect(screenFor({ id: 7, status: 'RASCUNHO' }, can(['certificate.view'])).verb).toBe('Ver');
  });
});

describe('the flow buttons of each screen', () => {
  it("splits the server's actions between the party's detail and the analyst's analysis", () => {
    const actions = ['send_analysis', 'take', 'solicit_cancellation', 'send_cancellation', 'unknown'];
    expect(actionsFor({ actions }, 'party')).toEqual(['send_analysis', 'solicit_cancellation']);
    expect(actionsFor({ actions }, 'analyst')).toEqual(['take', 'send_cancellation']);
  });

  it("offers the signing e-mail's resend to the party; the signature itself has its own card", () => {
    const actions = ['send_signature', 'first_signature'];
    expect(actionsFor({ actions }, 'party')).toEqual(['send_signature']);
    expect(actionsFor({ actions }, 'analyst')).toEqual([]);
  });

  it('sends one reprove reason per line', () => {
    expect(reasonsOf(' Fatura ilegível \n\nNCM divergente ')).toEqual(['Fatura ilegível', 'NCM divergente']);
  });
});

describe("the form's company selects", () => {
  it("ask for the chosen exporter's book only; the list's filter asks for every reachable company", () => {
    expect(companySource(COMPANY_TYPES.importer, 7).query).toEqual({ company_type_id: 1, exporter_id: 7 });
    expect(companySource(COMPANY_TYPES.intervenor).query).toEqual({
      company_type_id: 3,
      exporter_id: undefined,
    });
  });
});

describe('public verification text', () => {
  it('names the certificate that replaces a substituted one', () => {
    const substituted = certificateFlow.actions.send_substitution.to;
    expect(
      verificationStatusText({
        status: substituted,
        status_label: 'Substituído',
        substituted_by: 'BRACSA1826000000040001',
      }),
    ).toBe('Substituído por BRACSA1826000000040001');
    expect(
      verificationStatusText({ status: 'CANCELADO', status_label: 'Cancelado', substituted_by: null }),
    ).toBe('Cancelado');
  });
});

describe('printing a certificate (SPEC §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it("warns with the server's message and 'Editar Certificado' opening /certificado/{id} of the current path", async () => {
    storeSession(makeUser('exportador'));
    const go = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => {});
    window.history.replaceState(null, '', '/certificado-analise/41');
    expect(idFromPath()).toBe(41);
    const message = 'Escolha a descrição de referência do NCM 69079000 antes de imprimir o certificado.';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'NcmDescriptionError', message }), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    render(
      <App>
        <FeedbackBridge />
        <DownloadOverlay />
      </App>,
    );
    await expect(printCertificate({ id: 41, certificate_number: null })).resolves.toBe(false);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/v1/certificate/print?certificateId=41');
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    // The generic error dialog is not shown on top of the warning.
    expect(document.querySelector('.ant-modal-confirm-error')).toBeNull();
    const [edit] = screen.getAllByRole('button', { name: EDIT_CERTIFICATE_LABEL });
    if (!edit) throw new Error('sem o botão Editar Certificado');
    fireEvent.click(edit);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/certificado/41', { campo: 'descricao-ncm' }));
  });
});

describe('bulk send (issue 25)', () => {
  it('lets the list select exactly the states "Enviar para análise" leaves from', () => {
    const selectable = CERTIFICATE_STATUS_CODES.filter((status) => mayBeSent({ status }));
    expect(selectable).toEqual([...certificateFlow.actions.send_analysis.from]);
    expect(selectable).toEqual([...certificateFlow.actions.send_for_signature.from]);
  });

  it('words the result in Portuguese, singular and plural', () => {
    expect(bulkSendMessages.summary(1, 0)).toBe('1 enviado, 0 recusados.');
    expect(bulkSendMessages.summary(3, 1)).toBe('3 enviados, 1 recusado.');
    expect(bulkSendMessages.confirmTitle(1)).toBe('Enviar 1 certificado para análise?');
  });
});
