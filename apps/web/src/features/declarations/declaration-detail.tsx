import {
  CloudOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileDoneOutlined,
  FilePdfOutlined,
  PrinterOutlined,
  SafetyCertificateOutlined,
  UsbOutlined,
} from '@ant-design/icons';
import { declarationFlow } from '@origem/contract/flows';
import {
  type Declaration,
  declarationMessages,
  SIGNABLE_DECLARATION_STATES,
} from '@origem/contract/schemas/declarations';
import { a1SignaturePath, a3SignaturePath, cloudSignaturePath } from '@origem/contract/schemas/signatures';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useRouteId } from '../../lib/use-route-id';
import { confirmAction } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/feedback';
import { FlowActions } from '../../ui/flow-actions';
import { FlowTag } from '../../ui/flow-tag';
import { FlowTimeline } from '../../ui/flow-timeline';
import { formatDate } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import {
  actOnDeclaration,
  cloneDeclaration,
  type DeclarationActionInput,
  type DeclarationFlowAction,
  deleteDeclaration,
} from './api/act-on-declaration';
import {
  downloadDeclarationPdf,
  downloadSignedXml,
  previewDeclarationPdf,
} from './api/declaration-documents';
import { useDeclaration } from './api/get-declaration';
import { DECLARATION_SCREENS, declarationKeys } from './api/keys';

/** The pieces every declaration screen shares: loading, header with documents and actions, status, history. */

export const DECLARATIONS_BACK = { to: DECLARATION_SCREENS.list, label: 'Voltar para as declarações' };

/** Loads the route's declaration and renders it, or the loading, not-found and failure states. */
export function WithDeclaration({ children }: { children: (declaration: Declaration) => ReactNode }) {
  const { id } = useRouteId();
  const query = useDeclaration(id);
  if (id === null) return <RecordNotFound subject="A declaração" back={DECLARATIONS_BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando declaração" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="A declaração"
        what="a declaração"
        back={DECLARATIONS_BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** Reloads the declarations after an action. */
export function useRefreshDeclarations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: declarationKeys.all });
}

/** Runs a flow action and resolves the server's text (FlowActions shows it). */
export async function performDeclarationAction(
  declaration: Pick<Declaration, 'id'>,
  action: DeclarationFlowAction,
  input: DeclarationActionInput = {},
): Promise<string | null> {
  const answer = await actOnDeclaration(declaration.id, action, input);
  return answer.message;
}

export const declarationTitle = (d: Pick<Declaration, 'id' | 'product_name'>) =>
  `Declaração nº ${d.id} — ${d.product_name}`;

/**
 * The documents (print, preview, the signed copy) and the record's other actions (clone, delete) the server allows
 * this user; after a clone the copy opens, after a delete the list.
 */
export function DeclarationToolbar({ declaration }: { declaration: Declaration }) {
  const navigate = useNavigate();
  const refresh = useRefreshDeclarations();
  const [busy, setBusy] = useState(false);
  const run = (task: () => Promise<unknown>) => {
    setBusy(true);
    void task()
      .catch(ignoreShownError)
      .finally(() => setBusy(false));
  };
  const clone = async () => {
    const confirmed = await confirmAction({
      title: `Clonar a declaração nº ${declaration.id}?`,
      content:
        'A cópia nasce em rascunho, com o mesmo cabeçalho e os mesmos materiais (sem o arquivo do fabricante).',
      okText: 'Clonar',
    });
    if (!confirmed) return;
    const answer = await cloneDeclaration(declaration.id);
    await refresh();
    void notifySuccess(answer.message ?? declarationMessages.cloned(answer.declaration.id));
    await navigate({ to: DECLARATION_SCREENS.edit(answer.declaration.id) });
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: `Excluir a declaração nº ${declaration.id}?`,
      content: 'A declaração e os seus materiais são apagados. Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const message = await deleteDeclaration(declaration.id);
    if (message === null) return;
    await refresh();
    void notifySuccess(message);
    await navigate({ to: DECLARATION_SCREENS.list });
  };
  return (
    <Space wrap>
      <Button
        icon={<PrinterOutlined aria-hidden />}
        onClick={() => run(() => downloadDeclarationPdf(declaration.id))}
      >
        Imprimir
      </Button>
      <Button
        icon={<EyeOutlined aria-hidden />}
        onClick={() => run(() => previewDeclarationPdf(declaration.id))}
      >
        Pré-visualizar
      </Button>
      {declaration.can.sign ? (
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined aria-hidden />}
          onClick={() => void navigate({ href: a1SignaturePath('declaracao', declaration.id) })}
        >
          Assinar com certificado A1
        </Button>
      ) : null}
      {declaration.can.sign ? (
        // The token's path: the signer program signs what the A1 form would (same verification on the server).
        <Button
          icon={<UsbOutlined aria-hidden />}
          onClick={() => void navigate({ href: a3SignaturePath('declaracao', declaration.id) })}
        >
          Assinar com token A3
        </Button>
      ) : null}
      {declaration.can.sign ? (
        <Button
          icon={<CloudOutlined aria-hidden />}
          onClick={() => void navigate({ href: cloudSignaturePath('declaracao', declaration.id) })}
        >
          Assinar com certificado em nuvem
        </Button>
      ) : null}
      {declaration.signed_at ? (
        <Button
          icon={<FileDoneOutlined aria-hidden />}
          onClick={() => run(() => downloadSignedXml(declaration.id))}
        >
          XML assinado
        </Button>
      ) : null}
      {declaration.has_signed_pdf ? (
        <Button
          icon={<FilePdfOutlined aria-hidden />}
          onClick={() => run(() => downloadDeclarationPdf(declaration.id, 'print-signed'))}
        >
          PDF assinado
        </Button>
      ) : null}
      {declaration.can.clone ? (
        <Button icon={<CopyOutlined aria-hidden />} disabled={busy} onClick={() => run(clone)}>
          Clonar
        </Button>
      ) : null}
      {declaration.can.delete ? (
        <Button danger icon={<DeleteOutlined aria-hidden />} disabled={busy} onClick={() => run(remove)}>
          Excluir
        </Button>
      ) : null}
    </Space>
  );
}

/** The screen's header: number and product, status tag, documents and actions. */
export function DeclarationHeader({ declaration, hint }: { declaration: Declaration; hint?: ReactNode }) {
  return (
    <PageHeader
      title={declarationTitle(declaration)}
      hint={hint ?? `${declaration.exporter.name} · ${declaration.deal.abbreviation}`}
      tags={<FlowTag flow={declarationFlow} status={declaration.status} />}
      backTo={DECLARATION_SCREENS.list}
      extra={<DeclarationToolbar declaration={declaration} />}
    />
  );
}

/**
 * The frame of the stored declaration's screens: the header; the declaration on the left and, stacked on the
 * right, what to do and what happened. The analysis gives the right column more room for its checks.
 */
export function DeclarationFrame({
  declaration,
  hint,
  main,
  side,
  wideSide = false,
}: {
  declaration: Declaration;
  hint?: ReactNode;
  main: ReactNode;
  side: ReactNode;
  wideSide?: boolean;
}) {
  return (
    <>
      <DeclarationHeader declaration={declaration} hint={hint} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={wideSide ? 16 : 17}>
          {main}
        </Col>
        <Col xs={24} xl={wideSide ? 8 : 7}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {side}
          </Space>
        </Col>
      </Row>
    </>
  );
}

/** Where the declaration stands, in words: the rejection's reason, who analyses it, until when it holds. */
export function DeclarationStatusNotice({ declaration: d }: { declaration: Declaration }) {
  if (d.status === 'REPROVADA' && d.rejection_reason) {
    return (
      <Alert
        type="error"
        showIcon
        title="Declaração reprovada"
        description={<span style={{ whiteSpace: 'pre-wrap' }}>{d.rejection_reason}</span>}
      />
    );
  }
  if (d.signed_at && SIGNABLE_DECLARATION_STATES.includes(d.status)) {
    return (
      <Alert
        type="success"
        showIcon
        title="Assinada digitalmente pelo responsável legal"
        description={`Em ${formatDate(d.signed_at)}${d.analyst ? ` · em análise por ${d.analyst.name}` : ''}. Aguarda a aprovação por assinatura digital.`}
      />
    );
  }
  if (d.status === 'EM_ANALISE' && d.analyst) {
    return <Alert type="info" showIcon title={`Em análise por ${d.analyst.name}`} />;
  }
  if (d.status === 'ENVIADA') return <Alert type="info" showIcon title="Aguardando um analista." />;
  if (d.status === 'APROVADA') {
    return (
      <Alert
        type="success"
        showIcon
        title="Declaração aprovada"
        description={d.valid_until ? `Válida até ${formatDate(d.valid_until)}.` : undefined}
      />
    );
  }
  if (d.status === 'VENCIDA')
    return <Alert type="warning" showIcon title="Declaração vencida: não pode mais ser citada." />;
  return null;
}

/**
 * The flow's buttons this screen offers (`only`), among those the server allows now, with the status notice above
 * them; `extra` adds buttons that need more than a reason (the delivery approval).
 */
export function DeclarationFlowCard({
  declaration,
  only,
  extra,
  title = 'Situação',
}: {
  declaration: Declaration;
  only: readonly DeclarationFlowAction[];
  extra?: ReactNode;
  title?: string;
}) {
  const refresh = useRefreshDeclarations();
  return (
    <Card title={title}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <DeclarationStatusNotice declaration={declaration} />
        {extra}
        <FlowActions<DeclarationFlowAction>
          flow={declarationFlow}
          actions={declaration.actions.filter((a) => only.includes(a as DeclarationFlowAction))}
          subject={`declaração nº ${declaration.id}`}
          perform={(action, input) => performDeclarationAction(declaration, action, input)}
          onDone={refresh}
        />
      </Space>
    </Card>
  );
}

export function DeclarationHistoryCard({ declaration }: { declaration: Declaration }) {
  return (
    <Card title="Histórico">
      <FlowTimeline flow={declarationFlow} history={declaration.history} />
    </Card>
  );
}
