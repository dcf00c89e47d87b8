import { CheckOutlined, CloseOutlined, DownloadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { SpecialStatus } from '@origem/contract/errors';
import { PERSON_TYPES } from '@origem/contract/schemas/party';
import {
  PRE_REGISTRATION_STATUSES,
  type PreRegistration,
  preRegistrationMessages,
} from '@origem/contract/schemas/pre-registrations';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { downloadFile } from '../../api/download';
import { useRouteId } from '../../lib/use-route-id';
import { confirmAction, confirmWithReason } from '../../ui/confirm-dialog';
import { showSuccessDialog, showWarningDialog } from '../../ui/feedback';
import { formatCep, formatDateTime, formatNumber, formatPhone, formatTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { StatusTag } from '../../ui/status-tag';
import { approvePreRegistration, markPendency, reprovePreRegistration } from './api/decide-pre-registration';
import { socialContractPath, usePreRegistration } from './api/get-pre-registration';
import { preRegistrationKeys } from './api/keys';
import { profileLabel, STATUS_TONES } from './pre-registration-labels';

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
        tags={<StatusTag status={record.status} labels={PRE_REGISTRATION_STATUSES} tones={STATUS_TONES} />}
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
                  {record.social_contract.name} ({formatNumber(Math.ceil(record.social_contract.size / 1024))}{' '}
                  KB)
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

function Decision({ record, onDecided }: { record: PreRegistration; onDecided: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (name: string, action: () => Promise<void>) => {
    setBusy(name);
    void action()
      .catch(ignoreShownError)
      .finally(() => setBusy(null));
  };

  const approve = async () => {
    const confirmed = await confirmAction({
      title: `Aprovar o pré-cadastro de ${record.name}?`,
      content: `Serão criados o ${profileLabel(record.profile_type).toLowerCase()} e o usuário, que receberá por e-mail o link para definir a senha.`,
      okText: 'Aprovar',
    });
    if (!confirmed) return;
    const response = await approvePreRegistration(record.id);
    if (response.status === SpecialStatus.ApprovalRefused) {
      void showWarningDialog(preRegistrationMessages.approvalRefused, response.data.message);
      return;
    }
    void showSuccessDialog(response.data.message);
    await onDecided();
  };

  const decideWithReason = async (kind: 'pendency' | 'reprove') => {
    const reason = await confirmWithReason(
      kind === 'pendency'
        ? {
            title: 'Registrar pendência',
            content: 'O solicitante receberá o motivo por e-mail, com um link para corrigir os dados.',
            okText: 'Registrar pendência',
            reasonLabel: 'O que precisa ser corrigido',
          }
        : {
            title: `Reprovar o pré-cadastro de ${record.name}?`,
            content: 'O solicitante receberá o motivo por e-mail.',
            okText: 'Reprovar',
            danger: true,
          },
    );
    if (reason === null) return;
    const answer =
      kind === 'pendency'
        ? await markPendency(record.id, reason)
        : await reprovePreRegistration(record.id, reason);
    void showSuccessDialog(answer.message);
    await onDecided();
  };

  const canApprove = record.status === 'ENVIADO';
  const canReprove = record.status === 'ENVIADO' || record.status === 'PENDENTE';
  return (
    <Card title="Decisão">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <DecisionState record={record} />
        {canApprove ? (
          <Button
            type="primary"
            block
            icon={<CheckOutlined aria-hidden />}
            loading={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => run('approve', approve)}
          >
            Aprovar
          </Button>
        ) : null}
        {canApprove ? (
          <Button
            block
            icon={<ExclamationCircleOutlined aria-hidden />}
            loading={busy === 'pendency'}
            disabled={busy !== null}
            onClick={() => run('pendency', () => decideWithReason('pendency'))}
          >
            Pendência
          </Button>
        ) : null}
        {canReprove ? (
          <Button
            danger
            block
            icon={<CloseOutlined aria-hidden />}
            loading={busy === 'reprove'}
            disabled={busy !== null}
            onClick={() => run('reprove', () => decideWithReason('reprove'))}
          >
            Reprovar
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}

/** What has been decided so far: who and when, the reason, and the record the approval created. */
function DecisionState({ record }: { record: PreRegistration }) {
  const who = record.analysed_by
    ? `${record.analysed_by.name}, em ${formatDateTime(record.analysed_at)}`
    : null;
  switch (record.status) {
    case 'PENDENTE':
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
    case 'APROVADO': {
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
    case 'REPROVADO':
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
