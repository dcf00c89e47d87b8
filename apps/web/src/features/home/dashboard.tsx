import { certificateFlow, declarationFlow } from '@origem/contract/flows';
import type { UserDetail } from '@origem/contract/schemas/auth';
import type { DashboardTotal } from '@origem/contract/schemas/dashboard';
import { Alert, Card, Col, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useSession } from '../../lib/session';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { FlowTag } from '../../ui/flow-tag';
import { formatDateTime } from '../../ui/format';
import { ListItemLines } from '../../ui/list-item-lines';
import { activityRecordPath } from './activity-link';
import {
  useDashboardCertificates,
  useDashboardDeclarations,
  useDashboardTotal,
  useRecentActivity,
} from './api/get-dashboard';
import { DashboardLink } from './dashboard-link';

// The chart library is heavy: its own chunk, fetched only when the dashboard renders.
const DashboardCharts = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

/** The states worth a figure on the home page, in the order of the work. */
const CERTIFICATE_FIGURES = ['RASCUNHO', 'ENVIADO', 'EM_ANALISE', 'REPROVADO', 'APROVADO', 'EMITIDO'];
const DECLARATION_FIGURES = ['RASCUNHO', 'ENVIADA', 'EM_ANALISE', 'APROVADA', 'REPROVADA'];

function Figures({
  title,
  rows,
  shown,
  path,
  param,
  noun,
}: {
  title: string;
  rows: DashboardTotal['certificates'];
  shown: string[];
  path: string;
  param: string;
  noun: string;
}) {
  const figures = rows.filter((r) => shown.includes(r.status) || r.count > 0);
  return (
    <Card title={title} size="small">
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.status} xs={12} md={8} xl={4}>
            <DashboardLink to={path} search={{ [param]: f.status }} context={`${noun}: `}>
              <Statistic title={f.label} value={f.count} groupSeparator="." />
            </DashboardLink>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function CertificateList({ which, title }: { which: 'analyse' | 'update'; title: string }) {
  const query = useDeferredValue(useDashboardCertificates(which));
  return (
    <Card title={title} size="small">
      <List
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: <Empty description="Nenhum certificado." /> }}
        renderItem={(c) => (
          <List.Item extra={<FlowTag flow={certificateFlow} status={c.status.id} />}>
            <ListItemLines
              title={
                <DashboardLink to={`/certificado-consulta/${c.id}`}>
                  {c.certificate_number ?? `Certificado nº ${c.id}`} — fatura {c.invoice_number}
                </DashboardLink>
              }
              description={`${c.exporter} · ${c.deal} · ${formatDateTime(c.updated_at)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function DeclarationList({ which, title }: { which: 'analyse' | 'update'; title: string }) {
  const query = useDeferredValue(useDashboardDeclarations(which));
  return (
    <Card title={title} size="small">
      <List
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: <Empty description="Nenhuma declaração." /> }}
        renderItem={(d) => (
          <List.Item extra={<FlowTag flow={declarationFlow} status={d.status.id} />}>
            <ListItemLines
              title={<DashboardLink to={`/declaracao-consulta/${d.id}`}>{d.product_name}</DashboardLink>}
              description={`${d.exporter} · NCM ${d.ncm} · ${formatDateTime(d.updated_at)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The latest work in the caller's reach (sign-ins and tokens are left out by the API), each linked to its record. */
export function RecentActivity() {
  const query = useDeferredValue(useRecentActivity());
  const { user } = useSession();
  return (
    <Card title="Atividade recente" size="small">
      <List
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: <Empty description="Nenhuma atividade registrada." /> }}
        renderItem={(a) => {
          const record = `${a.auditable_type}${a.auditable_id ? ` nº ${a.auditable_id}` : ''}`;
          const path = activityRecordPath(a.record_type, a.auditable_id, user);
          return (
            <List.Item>
              <Typography.Text>
                <Typography.Text strong>{a.user ?? 'Sistema'}</Typography.Text> — {a.event} ·{' '}
                {path ? (
                  <DashboardLink to={path} underline>
                    {record}
                  </DashboardLink>
                ) : (
                  record
                )}
              </Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(a.created_at)}</Typography.Text>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

/** The signed-in home's panel (SPEC §7 "Dashboard"): figures that open their lists, charts and activity. */
export function Dashboard({ user }: { user: UserDetail }) {
  const total = useDeferredValue(useDashboardTotal());
  const can = (permission: string) => user.permissions.includes(permission);
  if (total.isError) {
    return <Alert type="error" showIcon title="Não foi possível carregar o painel." />;
  }
  if (!total.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <section aria-label="Painel" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {can('certificate.view') ? (
        <Figures
          title="Certificados"
          rows={total.data.certificates}
          shown={CERTIFICATE_FIGURES}
          path="/certificado"
          param="certificate_flow_id"
          noun="Certificados"
        />
      ) : null}
      {can('declaration.view') ? (
        <Figures
          title="Declarações"
          rows={total.data.declarations}
          shown={DECLARATION_FIGURES}
          path="/declaracao"
          param="declaration_flow_id"
          noun="Declarações"
        />
      ) : null}
      {/* Below the figures, out of the first view: rendered just after it is painted (issue 39). */}
      <AfterFirstPaint minHeight={600} label="Gráficos e listas do painel: carregando">
        {can('certificate.view') ? (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <DashboardCharts total={total.data} />
          </Suspense>
        ) : null}
        <Row gutter={[16, 16]}>
          {can('certificate.view') ? (
            <>
              <Col xs={24} xl={12}>
                <CertificateList which="analyse" title="Certificados aguardando análise" />
              </Col>
              <Col xs={24} xl={12}>
                <CertificateList which="update" title="Certificados atualizados recentemente" />
              </Col>
            </>
          ) : null}
          {can('declaration.view') ? (
            <>
              <Col xs={24} xl={12}>
                <DeclarationList which="analyse" title="Declarações aguardando análise" />
              </Col>
              <Col xs={24} xl={12}>
                <DeclarationList which="update" title="Declarações atualizadas recentemente" />
              </Col>
            </>
          ) : null}
          <Col xs={24}>
            <RecentActivity />
          </Col>
        </Row>
      </AfterFirstPaint>
    </section>
  );
}
