import { dispatcherLinkFlow } from '@origem/contract/flows';
import { type DispatcherLinkDetail, LINK_SIDES } from '@origem/contract/schemas/dispatcher-links';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { FlowActions } from '../../ui/flow-actions';
import { FlowTag } from '../../ui/flow-tag';
import { FlowTimeline } from '../../ui/flow-timeline';
import { formatDateTime, formatTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import type { LinkAction } from './api/act-on-link';
import { useDispatcherLink } from './api/get-link';
import { linkKeys } from './api/keys';
import { performLinkAction } from './link-actions';
import { linkListRoute, linkSideOf } from './link-side';

/** /vinculo/analise-vinculo/$id: the two parties on the left; the decision and the history on the right (UX.md). */
export function LinkAnalysisPage() {
  const { id } = useRouteId();
  const { user } = useSession();
  const query = useDispatcherLink(id);
  const back = { to: linkListRoute(user), label: 'Voltar para os vínculos' };
  if (id === null) return <RecordNotFound subject="O vínculo" back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando vínculo" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O vínculo"
        what="o vínculo"
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <Analysis link={query.data} backTo={back.to} />;
}

function Analysis({ link, backTo }: { link: DispatcherLinkDetail; backTo: string }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const side = linkSideOf(user);
  const refresh = () => queryClient.invalidateQueries({ queryKey: linkKeys.all });
  const who = (name: string | undefined, at: string | null) =>
    [name, at ? formatDateTime(at) : null].filter(Boolean).join(', em ');

  const party = (label: string, row: DispatcherLinkDetail['exporter']) => (
    <Card title={label} size="small">
      <Typography.Text strong>{row.name}</Typography.Text>
      <div>
        <Typography.Text type="secondary">{formatTaxId(row.cnpj ?? row.cpf, '—')}</Typography.Text>
      </div>
    </Card>
  );

  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'association', label: 'Associação comercial', children: link.trade_association.name },
    {
      key: 'requested',
      label: 'Solicitado por',
      children: `${LINK_SIDES[link.requested_by]}${link.requested_by_user ? ` — ${who(link.requested_by_user.name, link.created_at)}` : ''}`,
    },
    { key: 'approved', label: 'Aprovado em', children: formatDateTime(link.approved_at, '—') },
    ...(link.deletion_requested_by
      ? [
          {
            key: 'deletion',
            label: 'Exclusão solicitada por',
            children: `${LINK_SIDES[link.deletion_requested_by]}${link.deletion_requested_by_user ? ` — ${link.deletion_requested_by_user.name}` : ''}`,
          },
        ]
      : []),
    { key: 'ended', label: 'Encerrado em', children: formatDateTime(link.ended_at, '—') },
  ];

  return (
    <>
      <PageHeader
        title={`${link.exporter.name} — ${link.dispatcher.name}`}
        hint="Com o vínculo aprovado, o despachante vê e age pelos registros do exportador: empresas, responsáveis legais, declarações e certificados."
        tags={<FlowTag flow={dispatcherLinkFlow} status={link.status} />}
        backTo={backTo}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>
              <Col xs={24} md={12}>
                {party('Exportador', link.exporter)}
              </Col>
              <Col xs={24} md={12}>
                {party('Despachante', link.dispatcher)}
              </Col>
            </Row>
            <Card title="Solicitação">
              <Descriptions column={{ xs: 1, md: 2 }} items={items} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Decisão">
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <DecisionState link={link} />
                <FlowActions<LinkAction>
                  flow={dispatcherLinkFlow}
                  actions={link.actions}
                  subject={`vínculo ${link.exporter.name} — ${link.dispatcher.name}`}
                  perform={(action, input) => performLinkAction(link, action, side, input)}
                  onDone={refresh}
                />
              </Space>
            </Card>
            <Card title="Histórico">
              <FlowTimeline flow={dispatcherLinkFlow} history={link.history} />
            </Card>
          </Space>
        </Col>
      </Row>
    </>
  );
}

/** Where the link stands, in words, when this user has nothing to do with it now. */
function DecisionState({ link }: { link: DispatcherLinkDetail }) {
  const { approve, analysis, request_deletion } = dispatcherLinkFlow.actions;
  const waiting = link.actions.length === 0;
  switch (link.status) {
    case analysis.to:
      return <Alert type="info" showIcon title="Em análise pela associação comercial" />;
    case approve.to:
      return (
        <Alert
          type="success"
          showIcon
          title="Vínculo aprovado"
          description="O despachante age pelos registros do exportador. Para excluir, um lado solicita e o outro confirma."
        />
      );
    case request_deletion.to:
      return (
        <Alert
          type="warning"
          showIcon
          title="Exclusão solicitada"
          description={
            waiting
              ? 'Aguardando a confirmação da outra parte. Até lá, o vínculo continua valendo.'
              : 'Confirmada a exclusão, o despachante perde o acesso aos registros do exportador na hora.'
          }
        />
      );
    default:
      return waiting && dispatcherLinkFlow.states[link.status].final ? (
        <Typography.Text type="secondary">Este vínculo está encerrado.</Typography.Text>
      ) : waiting ? (
        <Typography.Text type="secondary">
          Aguardando a decisão da outra parte ou da associação.
        </Typography.Text>
      ) : null;
  }
}
