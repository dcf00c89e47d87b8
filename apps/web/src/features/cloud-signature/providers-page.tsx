import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CLOUD_PROVIDER_SOURCES, type CloudProvider } from '@origem/contract/schemas/cloud-signature';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';
import { useDeleteProvider, useProviders } from './api/providers';
import { ProviderDialog } from './provider-dialog';

/**
 * /administracao/assinatura-nuvem (issue 38): the cloud signature providers (ICP-Brasil PSCs) signers may pick —
 * the ones the operator set in CLOUD_SIGNATURE_PROVIDERS (shown, not editable here) and the ones registered here —
 * and the return address every provider must have registered for this installation.
 */
export function ProvidersPage() {
  const providers = useProviders();
  const remove = useDeleteProvider();
  const [dialog, setDialog] = useState<{ editing: CloudProvider | null } | null>(null);
  const columns: ColumnsType<CloudProvider> = [
    { title: 'Nome', dataIndex: 'name', key: 'name' },
    {
      title: 'Endereço base',
      dataIndex: 'base_url',
      key: 'base_url',
      render: (url: string) => <code>{url}</code>,
    },
    { title: 'Client ID', dataIndex: 'client_id', key: 'client_id' },
    {
      title: 'Origem',
      key: 'source',
      render: (_, p) => (
        <Tag color={p.source === 'screen' ? 'blue' : 'default'}>{CLOUD_PROVIDER_SOURCES[p.source]}</Tag>
      ),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, p) =>
        p.id === null ? (
          <Typography.Text type="secondary">Definido pelo operador do servidor</Typography.Text>
        ) : (
          <Flex gap={8} justify="flex-end">
            <Button
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={`Alterar o provedor ${p.name}`}
              onClick={() => setDialog({ editing: p })}
            >
              Alterar
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Excluir o provedor ${p.name}`}
              onClick={() =>
                void confirmDeletion(
                  {
                    title: `Excluir o provedor ${p.name}?`,
                    content: 'Os signatários deixam de vê-lo na tela de assinatura em nuvem.',
                  },
                  async () => (await remove.mutateAsync(p.id as number)).message,
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
        title="Assinatura em nuvem"
        hint="Provedores de certificado em nuvem (PSC da ICP-Brasil) com que responsáveis legais e usuários das entidades assinam certificados e declarações."
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({ editing: null })}
          >
            Novo provedor
          </Button>
        }
      />
      {providers.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Endereço de retorno deste servidor"
          description={
            <>
              Cadastre este endereço como URI de redirecionamento (redirect URI) da aplicação em cada
              provedor:{' '}
              <Typography.Text code copyable>
                {providers.data.callback_url}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Card>
        <Table<CloudProvider>
          rowKey="key"
          columns={columns}
          dataSource={providers.data?.data ?? []}
          loading={providers.isLoading}
          pagination={false}
          scroll={{ x: 900 }}
          aria-label="Provedores de assinatura em nuvem"
          locale={{
            emptyText:
              'Nenhum provedor. Use "Novo provedor" com os dados que o provedor deu ao cadastrar o Origem.',
          }}
        />
      </Card>
      <ProviderDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
