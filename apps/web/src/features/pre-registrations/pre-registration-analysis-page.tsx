import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { SpecialStatus } from '@origem/contract/errors';
import { type ActionOf, preRegistrationFlow } from '@origem/contract/flows';
import { DOWNLOAD_NAMES, downloadFileName } from '@origem/contract/schemas/files';
import { PERSON_TYPES } from '@origem/contract/schemas/party';
import { type PreRegistration, preRegistrationMessages } from '@origem/contract/schemas/pre-registrations';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { downloadFile } from '../../api/download';
import { useRouteId } from '../../lib/use-route-id';
import { showWarningDialog } from '../../ui/feedback';
import { type FlowActionInput, FlowActions } from '../../ui/flow-actions';
import { FlowTag } from '../../ui/flow-tag';
import { FlowTimeline } from '../../ui/flow-timeline';
import { formatCep, formatDateTime, formatNumber, formatPhone, formatTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { approvePreRegistration, markPendency, reprovePreRegistration } from './api/decide-pre-registration';
import { receiptPath, socialContractPath, usePreRegistration } from './api/get-pre-registration';
import { preRegistrationKeys } from './api/keys';
import { profileLabel } from './pre-registration-labels';

const back = { to: '/pre-cadastros', label: 'Voltar para os pré-cadastros' };

/** /pre-cadastro-analise/$id: the applicant's data and file on the left, the decision on the right (UX.md). */
export function PreRegistrationAnalysisPage() {
  const { id } = useRouteId();
  const query = usePreRegistration(id);
  if (id === null) return <RecordNotFound subject="O pré-cadastro" back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando pré-cadastro" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O pré-cadastro"
        what="o pré-cadastro"
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <Analysis record={query.data} />;
}

function Analysis({ record }: { record: PreRegistration }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: preRegistrationKeys.all });
  const isPerson = record.cpf !== null;
  const address = [
    [record.address, record.number].filter(Boolean).join(', '),
    record.complement,
    record.neighborhood,
    [record.city, record.state].filter(Boolean).join('/'),
    formatCep(record.postcode),
  ]
    .filter(Boolean)
    .join(' — ');

  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'profile', label: 'Perfil', children: profileLabel(record.profile_type) },
    { key: 'person', label: 'Tipo de pessoa', children: PERSON_TYPES[record.person_type_id as 1 | 2] },
    { key: 'tax', label: isPerson ? 'CPF' : 'CNPJ', children: formatTaxId(record.cpf ?? record.cnpj) },
    { key: 'name', label: isPerson ? 'Nome' : 'Razão social', children: record.name },
    { key: 'trade', label: 'Nome fantasia', children: record.trade_name ?? '—' },
    { key: 'email', label: 'E-mail', children: record.email ?? '—' },
    { key: 'phone', label: 'Telefone', children: formatPhone(record.phone, '—') },
    { key: 'address', label: 'Endereço', children: address || '—' },
    { key: 'federation', label: 'Federação', children: record.federation?.name ?? '—' },
    { key: 'association', label: 'Associação comercial', children: record.trade_association.name },
    { key: 'sent', label: 'Enviado em', children: formatDateTime(record.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={record.name}
        hint="Confira os dados e o contrato social; depois aprove, registre uma pendência ou reprove."
        tags={<FlowTag flow={preRegistrationFlow} status={record.status} />}
        extra={
          <Button
            icon={<FilePdfOutlined aria-hidden />}
            onClick={() =>
              void downloadFile(receiptPath(record.id), {
                defaultName: `comprovante-pre-cadastro-${record.id}.pdf`,
              }).catch(ignoreShownError)
            }
          >
            Comprovante (PDF)
          </Button>
        }
        backTo="/pre-cadastros"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Dados do solicitante">
            <Descriptions column={{ xs: 1, md: 2 }} items={items} />
          </Card>
          <Card title="Contrato social" style={{ marginTop: 16 }}>
            {record.social_contract ? (
              <Flex justify="space-between" align="center" gap={16} wrap>
                <Typography.Text>
                  {downloadFileName(DOWNLOAD_NAMES.socialContract, record.social_contract.name)} (
                  {formatNumber(Math.ceil(record.social_contract.size / 1024))} KB)
                </Typography.Text>
                <Button
                  icon={<DownloadOutlined aria-hidden />}
                  onClick={() =>
                    void downloadFile(socialContractPath(record.id), { defaultName: 'contrato_social.pdf' })
                  }
                >
                  Baixar contrato social
                </Button>
              </Flex>
            ) : (
              <Typography.Text type="secondary">Nenhum arquivo enviado.</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Decision record={record} onDecided={refresh} />
        </Col>
      </Row>
    </>
  );
}

type PreRegistrationAction = ActionOf<typeof preRegistrationFlow>;

/** The decision card: what was decided so far and exactly the actions the server allows this user now. */
function Decision({ record, onDecided }: { record: PreRegistration; onDecided: () => Promise<void> }) {
  const perform = async (action: PreRegistrationAction, input: FlowActionInput): Promise<string | null> => {
    if (action === 'approve') {
      const response = await approvePreRegistration(record.id);
      if (response.status === SpecialStatus.ApprovalRefused) {
        void showWarningDialog(preRegistrationMessages.approvalRefused, response.data.message);
        return null;
      }
      return response.data.message;
    }
    const note = input.note ?? '';
    const answer =
      action === 'pendency'
        ? await markPendency(record.id, note)
        : await reprovePreRegistration(record.id, note);
    return answer.message;
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="Decisão">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <DecisionState record={record} />
          <FlowActions
            flow={preRegistrationFlow}
            actions={record.actions}
            subject={`pré-cadastro de ${record.name}`}
            perform={perform}
            onDone={onDecided}
          />
        </Space>
      </Card>
      <Card title="Histórico">
        <FlowTimeline flow={preRegistrationFlow} history={record.history} />
      </Card>
    </Space>
  );
}

/** What has been decided so far: who and when, the reason, and the record the approval created. */
function DecisionState({ record }: { record: PreRegistration }) {
  const who = record.analysed_by
    ? `${record.analysed_by.name}, em ${formatDateTime(record.analysed_at)}`
    : null;
  // The states each decision leads to, as the flow declares them.
  const { pendency, approve, reprove } = preRegistrationFlow.actions;
  switch (record.status) {
    case pendency.to:
      return (
        <Alert
          type="warning"
          showIcon
          title="Aguardando correções do solicitante"
          description={
            <>
              <div style={{ whiteSpace: 'pre-wrap' }}>{record.pendency_reason}</div>
              {who ? <Typography.Text type="secondary">{who}</Typography.Text> : null}
            </>
          }
        />
      );
    case approve.to: {
      const exporter = record.exporter_id;
      return (
        <Alert
          type="success"
          showIcon
          title="Aprovado"
          description={
            <>
              {who ? <div>{who}</div> : null}
              {exporter ? (
                <Link to="/exportador/$id" params={{ id: String(exporter) }}>
                  Abrir o exportador
                </Link>
              ) : record.dispatcher_id ? (
                <Link to="/despachante/$id" params={{ id: String(record.dispatcher_id) }}>
                  Abrir o despachante
                </Link>
              ) : null}
            </>
          }
        />
      );
    }
    case reprove.to:
      return (
        <Alert
          type="error"
          showIcon
          title="Reprovado"
          description={
            <>
              <div style={{ whiteSpace: 'pre-wrap' }}>{record.reproval_reason}</div>
              {who ? <Typography.Text type="secondary">{who}</Typography.Text> : null}
            </>
          }
        />
      );
    default:
      return (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Aguardando análise.
          </Typography.Paragraph>
          {record.pendency_reason ? (
            <Alert
              type="info"
              showIcon
              title="Reenviado após pendência"
              description={<div style={{ whiteSpace: 'pre-wrap' }}>{record.pendency_reason}</div>}
            />
          ) : null}
        </>
      );
  }
}
