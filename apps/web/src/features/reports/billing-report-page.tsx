import {
  type CustomReportInput,
  DEFAULT_GROUPING_REPORT_ID,
  DEFAULT_REPORT_FIELDS,
  REPORT_FIELDS,
  REPORT_GROUPINGS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportType,
  reportScreenSearch,
} from '@origem/contract/schemas/reports';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { DateInput } from '../../ui/date-input';
import { notifySuccess } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { formatMoney, formatTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useListSearch } from '../../ui/use-list-search';
import {
  type BillingKind,
  downloadBillingReport,
  type FederationSettings,
  useBillingSummary,
} from './api/billing';
import { useCustomReports, useSaveCustomReport } from './api/custom-reports';
import { previousMonth } from './period';

const SCREENS: Record<BillingKind, { title: string; hint: string; subject: string }> = {
  association: {
    title: 'Faturamento por associação',
    hint: 'Certificados emitidos no período por associação, com o valor de cada uma.',
    subject: 'Associação',
  },
  federation: {
    title: 'Faturamento por federação',
    hint: 'Certificados emitidos no período por federação; o relatório pode ser agrupado e ter as colunas escolhidas.',
    subject: 'Federação',
  },
  exporter: {
    title: 'Faturamento por exportador',
    hint: 'O que cada exportador paga pelos certificados que ele mesmo pediu no período.',
    subject: 'Exportador',
  },
  dispatcher: {
    title: 'Faturamento por despachante',
    hint: 'O que cada despachante paga pelos certificados que pediu no período.',
    subject: 'Despachante',
  },
};

const FIELD_OPTIONS = Object.entries(REPORT_FIELDS)
  .filter(([key]) => key !== 'amount')
  .map(([value, label]) => ({ value, label }));
const GROUPING_OPTIONS = Object.entries(REPORT_GROUPINGS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

function FederationSettingsCard({
  settings,
  onChange,
}: {
  settings: FederationSettings;
  onChange: (next: FederationSettings) => void;
}) {
  const { can } = useSession();
  const allowed = can('report.custom');
  const saved = useCustomReports(allowed);
  const save = useSaveCustomReport();
  const [name, setName] = useState('');
  return (
    <Card size="small" title="Configuração do relatório">
      <Form layout="vertical" requiredMark={false}>
        {allowed ? (
          <Form.Item label="Relatório personalizado" htmlFor="relatorio-personalizado">
            <Select
              id="relatorio-personalizado"
              allowClear
              placeholder="Padrão (agrupado por associação)"
              style={{ maxWidth: 420 }}
              loading={saved.isPending}
              value={settings.custom_report_id ?? undefined}
              options={(saved.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(id: number | undefined) => {
                const chosen = saved.data?.data.find((r) => r.id === id);
                onChange(
                  chosen
                    ? {
                        custom_report_id: chosen.id,
                        grouping_report_id: chosen.grouping_report_id,
                        fields: chosen.fields,
                      }
                    : { ...settings, custom_report_id: undefined },
                );
              }}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Agrupamento" htmlFor="agrupamento">
          <Select
            id="agrupamento"
            style={{ maxWidth: 280 }}
            options={GROUPING_OPTIONS}
            value={settings.grouping_report_id}
            onChange={(grouping_report_id) =>
              onChange({ ...settings, custom_report_id: undefined, grouping_report_id })
            }
          />
        </Form.Item>
        <Form.Item label="Colunas (o valor fecha sempre a linha)">
          <Checkbox.Group
            options={FIELD_OPTIONS}
            value={settings.fields}
            onChange={(fields) =>
              onChange({ ...settings, custom_report_id: undefined, fields: fields as string[] })
            }
          />
        </Form.Item>
        {allowed ? (
          <Form.Item label="Salvar estas colunas e o agrupamento como" htmlFor="nome-relatorio">
            <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
              <Input
                id="nome-relatorio"
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
              />
              <Button
                loading={save.isPending}
                disabled={!name.trim()}
                onClick={() =>
                  save.mutate(
                    {
                      name,
                      fields: settings.fields as CustomReportInput['fields'],
                      grouping_report_id: settings.grouping_report_id,
                    },
                    {
                      onSuccess: (created) => {
                        setName('');
                        onChange({ ...settings, custom_report_id: created.id });
                        void notifySuccess('Relatório personalizado salvo com sucesso!');
                      },
                    },
                  )
                }
              >
                Salvar
              </Button>
            </Space.Compact>
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}

function BillingReportScreen({ kind }: { kind: BillingKind }) {
  const screen = SCREENS[kind];
  const list = useListSearch(reportScreenSearch);
  const fallback = previousMonth();
  const period = {
    start_date: list.search.start_date ?? fallback.start_date,
    end_date: list.search.end_date ?? fallback.end_date,
  };
  const summary = useBillingSummary(kind, { ...period, name: list.search.name });
  const [settings, setSettings] = useState<FederationSettings>({
    grouping_report_id: DEFAULT_GROUPING_REPORT_ID,
    fields: DEFAULT_REPORT_FIELDS.filter((f) => f !== 'amount'),
  });
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (id: number, type: ReportType) => {
    setBusy(`${id}-${type}`);
    try {
      await downloadBillingReport(kind, id, period, type, kind === 'federation' ? settings : undefined);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title={screen.title} hint={screen.hint} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <FilterBar list={list}>
          <Form.Item name="start_date" label="Data inicial">
            <DateInput placeholder={`dd/mm/aaaa (${fallback.start_date.split('-').reverse().join('/')})`} />
          </Form.Item>
          <Form.Item name="end_date" label="Data final">
            <DateInput placeholder={`dd/mm/aaaa (${fallback.end_date.split('-').reverse().join('/')})`} />
          </Form.Item>
          <Form.Item name="name" label="Nome">
            <Input allowClear />
          </Form.Item>
        </FilterBar>
        {kind === 'federation' ? <FederationSettingsCard settings={settings} onChange={setSettings} /> : null}
        {summary.isError ? (
          <Alert type="error" showIcon title="Não foi possível carregar o faturamento do período." />
        ) : null}
        <Table
          rowKey="id"
          aria-label={`${screen.title}: ${period.start_date.split('-').reverse().join('/')} a ${period.end_date.split('-').reverse().join('/')}`}
          loading={summary.isFetching}
          dataSource={summary.data?.data ?? []}
          pagination={false}
          locale={{ emptyText: 'Nenhum certificado emitido no período. Escolha outro período.' }}
          columns={[
            { title: screen.subject, dataIndex: 'name' },
            {
              title: kind === 'exporter' || kind === 'dispatcher' ? 'CPF/CNPJ' : 'Sigla',
              render: (_, row) => (row.abbreviation ?? formatTaxId(row.tax_id)) || '—',
            },
            { title: 'Certificados', dataIndex: 'certificates', align: 'right' },
            { title: 'Valor', align: 'right', render: (_, row) => formatMoney(row.amount) },
            {
              title: 'Baixar relatório',
              render: (_, row) => (
                <Space wrap>
                  {REPORT_TYPES.map((type) => (
                    <Button
                      key={type}
                      size="small"
                      loading={busy === `${row.id}-${type}`}
                      // Starts from the visible format name, as the button reads (WCAG 2.5.3).
                      aria-label={`Baixar ${type.toUpperCase()} de ${row.name}`}
                      title={`${REPORT_TYPE_LABELS[type]} de ${row.name}`}
                      onClick={() => void download(row.id, type)}
                    >
                      {type.toUpperCase()}
                    </Button>
                  ))}
                </Space>
              ),
            },
          ]}
          summary={() =>
            summary.data && summary.data.data.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>Total</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong>{summary.data.certificates}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{formatMoney(summary.data.amount)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </Space>
    </>
  );
}

export const AssociationBillingPage = () => <BillingReportScreen kind="association" />;
export const FederationBillingPage = () => <BillingReportScreen kind="federation" />;
export const ExporterBillingPage = () => <BillingReportScreen kind="exporter" />;
export const DispatcherBillingPage = () => <BillingReportScreen kind="dispatcher" />;
