import { RedoOutlined } from '@ant-design/icons';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  webhookDeliveryQuery,
} from '@origem/contract/schemas/webhooks';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ignoreShownError } from '../../api/api-error';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { toast } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { useLocalList } from '../../ui/use-list-search';
import { useDeliveriesTable, useReplayDelivery } from './api/webhooks';

const eventLabel = (event: string) => WEBHOOK_EVENTS[event as keyof typeof WEBHOOK_EVENTS] ?? event;

function ReplayButton({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const replay = useReplayDelivery(endpointId);
  return (
    <Button
      size="small"
      icon={<RedoOutlined aria-hidden />}
      loading={replay.isPending}
      aria-label={`Reenviar a entrega ${delivery.id}`}
      onClick={() =>
        void replay
          .mutateAsync(delivery.id)
          .then((answer) => toast.success(answer.message))
          .catch(ignoreShownError)
      }
    >
      Reenviar
    </Button>
  );
}

/** One endpoint's deliveries, newest first: what was sent, how the receiver answered, and "Reenviar". */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const list = useLocalList(webhookDeliveryQuery);
  const table = useDeliveriesTable(endpointId, list);
  const columns: ColumnsType<WebhookDelivery> = [
    { title: 'Evento', key: 'event', render: (_, d) => eventLabel(d.event) },
    {
      title: 'Registro',
      key: 'record',
      render: (_, d) => String(d.payload.number ?? `nº ${String(d.payload.id ?? '')}`),
    },
    {
      title: 'Situação',
      key: 'status',
      render: (_, d) => (
        <Tag color={WEBHOOK_DELIVERY_STATUSES[d.status].color}>
          {WEBHOOK_DELIVERY_STATUSES[d.status].label}
        </Tag>
      ),
    },
    {
      title: 'Resposta',
      key: 'response_code',
      render: (_, d) =>
        d.response_code ?? <Typography.Text type="secondary">{d.last_error ?? '—'}</Typography.Text>,
    },
    { title: 'Tentativas', dataIndex: 'attempts', key: 'attempts' },
    { title: 'Criada em', key: 'created_at', render: (_, d) => formatDateTime(d.created_at) },
    {
      title: 'Última tentativa',
      key: 'last_attempt_at',
      render: (_, d) => formatDateTime(d.last_attempt_at, '—'),
    },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      render: (_, d) => <ReplayButton endpointId={endpointId} delivery={d} />,
    },
  ];
  return (
    <DataTable<WebhookDelivery>
      table={table}
      columns={columns}
      rowKey="id"
      scroll={{ x: 1100 }}
      label="Registro de entregas"
      emptyText="Nenhuma entrega ainda."
      emptyHint="As entregas aparecem aqui quando acontece um dos eventos escolhidos."
    />
  );
}
