import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@origem/contract/schemas/webhooks';
import { Button, Card, Flex, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/page-header';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from './api/webhooks';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeliveryLog } from './delivery-log';

function ActiveSwitch({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook();
  return (
    <Switch
      checked={webhook.active}
      loading={update.isPending}
      checkedChildren="Ativo"
      unCheckedChildren="Desativado"
      aria-label={`Webhook ${webhook.url} ativo`}
      onChange={(active) =>
        void update
          .mutateAsync({ id: webhook.id, url: webhook.url, events: webhook.events as WebhookEvent[], active })
          .then((answer) => toast.success(answer.message))
          .catch(ignoreShownError)
      }
    />
  );
}

/** /integracoes/webhooks: the owner's endpoints, each with its delivery log. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Webhook | null>(null);
  const columns: ColumnsType<Webhook> = [
    { title: 'Endereço', dataIndex: 'url', key: 'url', render: (url: string) => <code>{url}</code> },
    {
      title: 'Eventos',
      key: 'events',
      width: 360,
      render: (_, webhook) => (
        <Flex wrap gap={4}>
          {webhook.events.map((event) => (
            <Tag key={event}>{WEBHOOK_EVENTS[event as WebhookEvent] ?? event}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: 'Situação', key: 'active', render: (_, webhook) => <ActiveSwitch webhook={webhook} /> },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, webhook) => (
        <Flex gap={8} justify="flex-end">
          <Button
            size="small"
            icon={<UnorderedListOutlined aria-hidden />}
            aria-label={`Entregas do webhook ${webhook.url}`}
            onClick={() => setShown(webhook)}
          >
            Entregas
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Excluir o webhook ${webhook.url}`}
            onClick={() =>
              void confirmDeletion(
                { title: 'Excluir o webhook?', content: 'O registro de entregas também será excluído.' },
                async () => {
                  if (shown?.id === webhook.id) setShown(null);
                  return (await remove.mutateAsync(webhook.id)).message;
                },
              ).catch(ignoreShownError)
            }
          >
            Excluir
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Webhooks"
        hint="Endereços do seu sistema que o Origem avisa quando os seus certificados, declarações e vínculos mudam de situação."
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            Novo webhook
          </Button>
        }
      />
      <Card>
        <Table<Webhook>
          rowKey="id"
          columns={columns}
          dataSource={webhooks.data?.data ?? []}
          loading={webhooks.isLoading}
          pagination={false}
          scroll={{ x: 1000 }}
          aria-label="Lista de webhooks"
          locale={{ emptyText: 'Nenhum webhook. Use "Novo webhook" para receber os eventos no seu sistema.' }}
        />
      </Card>
      {shown ? (
        <Card style={{ marginTop: 16 }}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            Entregas para {shown.url}
          </Typography.Title>
          <DeliveryLog key={shown.id} endpointId={shown.id} />
        </Card>
      ) : null}
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
