import { RedoOutlined } from '@ant-design/icons';
// The audit's clock: Brasília time whatever the browser's zone, as the staff compare times across the country.
import { formatAuditDateTime } from '@origem/contract/schemas/audit';
import { JOB_KINDS, JOB_STATUSES, type Job, jobListQuery } from '@origem/contract/schemas/jobs';
import { Button, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ignoreShownError } from '../../api/api-error';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { toast } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useJobsTable, useRetryJob } from './api/jobs';

const STATUS_OPTIONS = Object.entries(JOB_STATUSES).map(([value, { label }]) => ({ value, label }));
const KIND_OPTIONS = Object.entries(JOB_KINDS).map(([value, label]) => ({ value, label }));

/** A kind the web does not know yet (a newer server) still shows, by its code. */
export const jobKindLabel = (kind: string) => JOB_KINDS[kind] ?? kind;

const time = (value: string | null) =>
  value ? (
    <span style={{ whiteSpace: 'nowrap' }}>{formatAuditDateTime(value)}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

function RetryButton({ job }: { job: Job }) {
  const retry = useRetryJob();
  return (
    <Button
      size="small"
      icon={<RedoOutlined aria-hidden />}
      loading={retry.isPending}
      aria-label={`Tentar de novo a tarefa ${job.id} (${jobKindLabel(job.kind)})`}
      onClick={() =>
        void retry
          .mutateAsync(job.id)
          .then((answer) => toast.success(answer.message))
          .catch(ignoreShownError)
      }
    >
      Tentar de novo
    </Button>
  );
}

// The screen's permission (system.jobs) is the retry's permission too: whoever sees the list may retry.
const columns: ColumnsType<Job> = [
  { title: 'Nº', dataIndex: 'id', key: 'id', width: 80 },
  { title: 'Tipo', key: 'kind', width: 200, render: (_, job) => jobKindLabel(job.kind) },
  {
    title: 'Situação',
    key: 'status',
    render: (_, job) => <Tag color={JOB_STATUSES[job.status].color}>{JOB_STATUSES[job.status].label}</Tag>,
  },
  {
    title: 'Tentativas',
    key: 'attempts',
    render: (_, job) => `${job.attempts} de ${job.max_attempts}`,
  },
  { title: 'Executar em', key: 'run_at', render: (_, job) => time(job.run_at) },
  { title: 'Concluída em', key: 'finished_at', render: (_, job) => time(job.finished_at) },
  {
    title: 'Último erro',
    key: 'last_error',
    width: 320,
    render: (_, job) =>
      job.last_error ? (
        <Typography.Paragraph
          // The cell's width, not its own: wider, it slid under the pinned actions column.
          style={{ marginBottom: 0, wordBreak: 'break-word' }}
          ellipsis={{ rows: 2, expandable: true, symbol: 'mais' }}
        >
          {job.last_error}
        </Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: 'Ações',
    key: ACTIONS_KEY,
    align: 'right',
    width: 150,
    render: (_, job) => (job.status === 'FALHOU' ? <RetryButton job={job} /> : null),
  },
];

/** /administracao/tarefas: the background worker's queue (ADR 004), failures kept with their error, and a retry. */
export function JobsPage() {
  const list = useListSearch(jobListQuery);
  const table = useJobsTable(list);
  return (
    <ListPage
      title="Tarefas em segundo plano"
      hint="E-mails, limpezas e documentos que o Origem executa por conta própria. Horários de Brasília; uma tarefa que falhou pode ser repetida."
      filters={
        <FilterBar list={list}>
          <Form.Item name="status" label="Situação">
            <Select allowClear placeholder="Todas" options={STATUS_OPTIONS} />
          </Form.Item>
          <Form.Item name="kind" label="Tipo">
            <Select allowClear placeholder="Todos" options={KIND_OPTIONS} />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable<Job>
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 1300 }}
        label="Lista de tarefas em segundo plano"
        emptyText="Nenhuma tarefa na fila."
        emptyHint="As tarefas aparecem aqui quando o Origem envia um e-mail ou faz uma limpeza periódica."
      />
    </ListPage>
  );
}
