import {
  CloudOutlined,
  CopyOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  PrinterOutlined,
  SafetyCertificateOutlined,
  UsbOutlined,
} from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import { type Certificate, certificateMessages } from '@origem/contract/schemas/certificates';
import { a1SignaturePath, cloudSignaturePath } from '@origem/contract/schemas/signatures';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { confirmAction, confirmDeletion } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/feedback';
import { FlowActions } from '../../ui/flow-actions';
import { FlowTimeline } from '../../ui/flow-timeline';
import { pdfProblem } from '../../ui/pdf-file-field';
import {
  actOnCertificate,
  type CertificateFlowAction,
  cloneCertificate,
  deleteCertificate,
} from './api/act-on-certificate';
import { openPrereceipt, printCertificate } from './api/documents';
import { CERTIFICATE_SCREENS, invalidateCertificates } from './api/keys';
import { certificateTitle } from './certificate-sections';

const flow = certificateFlow;
type ActionName = CertificateFlowAction;

/** Whose screen an action belongs to: the exporter's side (detail screen) or the analyst's (analysis screen). */
export type ActionSide = 'party' | 'analyst';

const sideOf = (name: ActionName): ActionSide =>
  flow.actions[name].permission === 'certificate.create' ? 'party' : 'analyst';

const isSignature = (name: string) =>
  name in flow.actions && Boolean(flow.actions[name as ActionName].signature);

/** The actions the server allows this user now that belong on this screen (signatures have their own screen). */
export function actionsFor(certificate: Pick<Certificate, 'actions'>, side: ActionSide): ActionName[] {
  return (certificate.actions as ActionName[]).filter(
    (name) => name in flow.actions && sideOf(name) === side && !isSignature(name),
  );
}

/**
 * The signatures the server says await this user (the exporter's legal representative's first, the entity
 * official's second), on whichever screen the certificate is open: each opens the A1 signing screen (a PKCS#12 file),
 * the A3 one (a token, through the signer program) or the cloud one (a certificate kept by a trust service provider).
 */
export function CertificateSignatureActions({ certificate }: { certificate: Certificate }) {
  const navigate = useNavigate();
  const pending = (certificate.actions as ActionName[]).filter(isSignature);
  if (pending.length === 0) return null;
  return (
    <Card title="Assinatura digital" size="small">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {pending.flatMap((name) => [
          <Button
            key={`${name}-a1`}
            block
            type="primary"
            icon={<SafetyCertificateOutlined aria-hidden />}
            onClick={() => void navigate({ href: a1SignaturePath('certificado', certificate.id) })}
          >
            {`${flow.actions[name].label} com certificado A1`}
          </Button>,
          <Button
            key={`${name}-a3`}
            block
            icon={<UsbOutlined aria-hidden />}
            onClick={() =>
              void navigate({ to: '/assinatura-digital-a3/$id', params: { id: String(certificate.id) } })
            }
          >
            {`${flow.actions[name].label} com token A3`}
          </Button>,
          <Button
            key={`${name}-cloud`}
            block
            icon={<CloudOutlined aria-hidden />}
            onClick={() => void navigate({ href: cloudSignaturePath('certificado', certificate.id) })}
          >
            {`${flow.actions[name].label} com certificado em nuvem`}
          </Button>,
        ])}
      </Space>
    </Card>
  );
}

/** The flow's buttons for one side: exactly what the server allows, each with its confirmation and texts. */
export function CertificateFlowActions({
  certificate,
  side,
}: {
  certificate: Certificate;
  side: ActionSide;
}) {
  const queryClient = useQueryClient();
  return (
    <FlowActions<ActionName>
      flow={flow}
      actions={actionsFor(certificate, side)}
      subject={certificateTitle(certificate)}
      fileProblem={pdfProblem}
      perform={async (action, input) => (await actOnCertificate(certificate.id, action, input)).message}
      onDone={() => invalidateCertificates(queryClient)}
    />
  );
}

/** Print (the PDF in the deal's form), pré-recibo once issued, clone and delete when allowed. */
export function CertificateDocumentActions({
  certificate,
  manage,
}: {
  certificate: Certificate;
  /** Offer clone and delete (when the server allows them); false on the read-only consultation. */
  manage: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const issued = certificate.issued_at !== null;

  const clone = async () => {
    const confirmed = await confirmAction({
      title: `Clonar ${certificateTitle(certificate)}?`,
      content: 'Cabeçalho e itens são copiados para um novo rascunho; os arquivos não são copiados.',
      okText: 'Clonar',
    });
    if (!confirmed) return;
    const answer = await cloneCertificate(certificate.id);
    await invalidateCertificates(queryClient);
    if (answer.message) await notifySuccess(answer.message);
    await navigate({ to: CERTIFICATE_SCREENS.edit(answer.certificate.id) });
  };

  const remove = async () => {
    const removed = await confirmDeletion(
      {
        title: `Excluir ${certificateTitle(certificate)}?`,
        content: 'O rascunho, seus itens e anexos serão apagados.',
      },
      async () => {
        const answer = await deleteCertificate(certificate.id);
        await invalidateCertificates(queryClient);
        return answer.message ?? certificateMessages.deleted;
      },
    );
    if (removed) await navigate({ to: CERTIFICATE_SCREENS.list });
  };

  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work()
      .catch(ignoreShownError)
      .finally(() => setBusy(false));
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Button
        block
        icon={<PrinterOutlined aria-hidden />}
        onClick={() => run(() => printCertificate(certificate))}
      >
        {issued ? 'Imprimir certificado' : 'Imprimir prévia (sem valor)'}
      </Button>
      {issued ? (
        <Button
          block
          icon={<FileSearchOutlined aria-hidden />}
          onClick={() => run(() => openPrereceipt(certificate.id))}
        >
          Pré-recibo
        </Button>
      ) : null}
      {manage && certificate.can.clone ? (
        <Button block icon={<CopyOutlined aria-hidden />} disabled={busy} onClick={() => run(clone)}>
          Clonar
        </Button>
      ) : null}
      {manage && certificate.can.delete ? (
        <Button
          block
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={busy}
          onClick={() => run(remove)}
        >
          Excluir
        </Button>
      ) : null}
    </Space>
  );
}

/**
 * The right-hand column of the certificate screens: the decision (the flow's buttons for this side, or where it
 * stands), the documents and the history.
 */
export function CertificateSidePanel({
  certificate,
  side,
  documents = true,
}: {
  certificate: Certificate;
  /** Which flow buttons to offer; none on the consultation screen. */
  side: ActionSide | null;
  documents?: boolean;
}) {
  const actions = side ? actionsFor(certificate, side) : [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <CertificateSignatureActions certificate={certificate} />
      {side ? (
        <Card title="Ações" size="small">
          {actions.length > 0 ? (
            <CertificateFlowActions certificate={certificate} side={side} />
          ) : (
            <Typography.Text type="secondary">
              {flow.states[certificate.status].final
                ? 'Este certificado está encerrado.'
                : 'Nenhuma ação disponível para você nesta situação.'}
            </Typography.Text>
          )}
          {certificate.analyst && certificate.status === flow.actions.take.to ? (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              Em análise por {certificate.analyst.name}.
            </Typography.Paragraph>
          ) : null}
        </Card>
      ) : null}
      {documents ? (
        <Card title="Documentos" size="small">
          <CertificateDocumentActions certificate={certificate} manage={side !== null} />
        </Card>
      ) : null}
      <Card title="Histórico" size="small">
        <FlowTimeline flow={flow} history={certificate.history} />
      </Card>
    </Space>
  );
}
