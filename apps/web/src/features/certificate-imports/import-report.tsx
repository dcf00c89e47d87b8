import {
  type CertificateImportDetail,
  IMPORT_STATUSES,
  type ImportError,
  type ImportPreview,
} from '@origem/contract/schemas/certificate-imports';
import { Alert, Button, Card, Flex, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ignoreShownError } from '../../api/api-error';
import { formatDate } from '../../ui/format';
import { isRunning, useConfirmImport } from './api/imports';
import { DraftLinks } from './draft-links';

/** The report's sections are headings of the page (h2), sized as the cards' titles they sit beside. */
export const SECTION_TITLE = { fontSize: 16, marginTop: 8 } as const;

const errorColumns: ColumnsType<ImportError> = [
  { title: 'Linha', dataIndex: 'row', key: 'row', width: 90 },
  { title: 'Coluna', key: 'column', width: 220, render: (_, e) => e.column ?? '—' },
  { title: 'Mensagem', dataIndex: 'message', key: 'message' },
];

const previewColumns: ColumnsType<ImportPreview> = [
  { title: 'Certificado', dataIndex: 'group', key: 'group' },
  { title: 'Exportador', key: 'exporter', render: (_, p) => p.exporter ?? '—' },
  { title: 'Acordo', key: 'deal', render: (_, p) => p.deal ?? '—' },
  { title: 'Importador', key: 'importer', render: (_, p) => p.importer ?? '—' },
  {
    title: 'Fatura',
    key: 'invoice',
    render: (_, p) =>
      `${p.invoice_number ?? '—'}${p.invoice_date ? ` de ${formatDate(p.invoice_date)}` : ''}`,
  },
  { title: 'Itens', dataIndex: 'items', key: 'items', width: 80 },
  {
    title: 'Linhas',
    key: 'rows',
    render: (_, p) => (p.rows.length > 1 ? `${p.rows[0]} a ${p.rows.at(-1)}` : String(p.rows[0] ?? '')),
  },
  {
    title: 'Situação',
    key: 'valid',
    render: (_, p) => (p.valid ? <Tag color="green">Sem erros</Tag> : <Tag color="orange">Com erros</Tag>),
  },
];

function ProgressBlock({ item }: { item: CertificateImportDetail }) {
  const percent = item.rows_total > 0 ? Math.floor((item.rows_done / item.rows_total) * 100) : 0;
  const verb = item.status === 'IMPORTANDO' ? 'Criando os rascunhos' : 'Validando as linhas';
  return (
    <div role="status" aria-live="polite">
      <Typography.Text>
        {verb}: {item.rows_done} de {item.rows_total} linhas…
      </Typography.Text>
      <Progress percent={percent} status="active" aria-label={`${verb}: ${percent}%`} />
    </div>
  );
}

/** Confirm: "Importar" only for a file without errors; "Importar só as linhas válidas" when some are valid. */
function ConfirmButtons({ item }: { item: CertificateImportDetail }) {
  const confirm = useConfirmImport();
  const run = (onlyValid: boolean) =>
    void confirm.mutateAsync({ id: item.id, onlyValid }).catch(ignoreShownError);
  if (item.status !== 'VALIDADO' && item.status !== 'COM_ERROS') return null;
  return (
    <Flex gap={8} wrap>
      {item.status === 'VALIDADO' ? (
        <Button type="primary" loading={confirm.isPending} onClick={() => run(false)}>
          Importar {item.groups_valid} certificado(s)
        </Button>
      ) : null}
      {item.status === 'COM_ERROS' && item.groups_valid > 0 ? (
        <Button type="primary" loading={confirm.isPending} onClick={() => run(true)}>
          Importar só as linhas válidas
        </Button>
      ) : null}
    </Flex>
  );
}

/** One import: progress while its job runs, then the report (errors, preview), the confirmation, the drafts. */
export function ImportReport({ item }: { item: CertificateImportDetail }) {
  const status = IMPORT_STATUSES[item.status];
  return (
    <Card
      title={
        <Space>
          <span>Importação nº {item.id}</span>
          <Typography.Text type="secondary">{item.file_name}</Typography.Text>
          <Tag color={status.color}>{status.label}</Tag>
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {isRunning(item.status) ? <ProgressBlock item={item} /> : null}
        {item.message ? (
          <Alert
            type={item.status === 'FALHOU' ? 'error' : item.same_file_as ? 'warning' : 'info'}
            showIcon
            title={item.message}
          />
        ) : null}
        {!isRunning(item.status) && item.status !== 'FALHOU' ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {item.rows_total} linha(s) em {item.groups_total} certificado(s): {item.groups_valid} sem erros,{' '}
            {item.error_count} erro(s).
          </Typography.Paragraph>
        ) : null}
        {item.status === 'COM_ERROS' ? (
          <Alert
            type="warning"
            showIcon
            title="O arquivo tem erros. Nada é criado a partir dele, a menos que você escolha importar só as linhas válidas."
          />
        ) : null}
        <ConfirmButtons item={item} />
        {item.errors.length > 0 ? (
          <section aria-label="Erros encontrados">
            <Typography.Title level={2} style={SECTION_TITLE}>
              Erros encontrados
            </Typography.Title>
            <Table<ImportError>
              size="small"
              columns={errorColumns}
              dataSource={item.errors}
              rowKey={(e) => `${e.row}:${e.column ?? ''}:${e.message}`}
              pagination={{ pageSize: 10, showSizeChanger: false }}
            />
          </section>
        ) : null}
        {item.preview.length > 0 && item.status !== 'IMPORTADO' ? (
          <section aria-label="Certificados que serão criados">
            <Typography.Title level={2} style={SECTION_TITLE}>
              Certificados que serão criados
            </Typography.Title>
            <Table<ImportPreview>
              size="small"
              columns={previewColumns}
              dataSource={item.preview}
              rowKey="group"
              scroll={{ x: 900 }}
              pagination={{ pageSize: 10, showSizeChanger: false }}
            />
          </section>
        ) : null}
        {item.status === 'IMPORTADO' ? (
          <section aria-label="Rascunhos criados">
            <Typography.Title level={2} style={SECTION_TITLE}>
              Rascunhos criados ({item.created_count})
            </Typography.Title>
            <DraftLinks created={item.created} />
          </section>
        ) : null}
      </Space>
    </Card>
  );
}
