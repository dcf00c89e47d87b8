import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { ApiToken } from '@origem/contract/schemas/api-tokens';
import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { confirmAction } from '../../ui/confirm-dialog';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/page-header';
import { useOwnTokens, useRevokeToken } from './api/api-tokens';
import { CreateTokenDialog } from './create-token-dialog';
import { expiryCell, isLive, LastUse, TokenScopes, TokenStatus } from './token-status';

/** "Revogar" with its confirmation; shared by the user's and the administrator's lists. */
export function RevokeButton({ token, scope }: { token: ApiToken; scope: 'own' | 'all' }) {
  const revoke = useRevokeToken(scope);
  if (!isLive(token)) return null;
  const ask = async () => {
    const sure = await confirmAction({
      title: `Revogar o token "${token.name}"?`,
      content: 'Os sistemas que o usam deixam de ter acesso imediatamente. Esta ação não pode ser desfeita.',
      okText: 'Revogar',
      danger: true,
    });
    if (!sure) return;
    await revoke
      .mutateAsync(token.id)
      .then((answer) => toast.success(answer.message))
      .catch(ignoreShownError);
  };
  return (
    <Button
      size="small"
      danger
      icon={<StopOutlined aria-hidden />}
      loading={revoke.isPending}
      aria-label={`Revogar o token ${token.name}`}
      onClick={() => void ask()}
    >
      Revogar
    </Button>
  );
}

export const tokenColumns: ColumnsType<ApiToken> = [
  { title: 'Nome', dataIndex: 'name', key: 'name' },
  {
    title: 'Início do token',
    dataIndex: 'prefix',
    key: 'prefix',
    render: (prefix: string) => <code>{prefix}</code>,
  },
  { title: 'Escopos', key: 'scopes', width: 320, render: (_, token) => <TokenScopes token={token} /> },
  { title: 'Válido até', key: 'expires_at', render: (_, token) => expiryCell(token) },
  { title: 'Último uso', key: 'last_used_at', render: (_, token) => <LastUse token={token} /> },
  { title: 'Situação', key: 'status', render: (_, token) => <TokenStatus token={token} /> },
];

/** /minha-conta/tokens: the user's personal API tokens for ERPs and scripts. */
export function ApiTokensPage() {
  const tokens = useOwnTokens();
  const [creating, setCreating] = useState(false);
  const columns: ColumnsType<ApiToken> = [
    ...tokenColumns,
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, token) => <RevokeButton token={token} scope="own" />,
    },
  ];
  return (
    <>
      <PageHeader
        title="Tokens de API"
        hint="Tokens para o seu ERP ou scripts chamarem a API do Origem em seu nome, só com os escopos escolhidos."
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            Novo token
          </Button>
        }
      />
      <Card>
        <Table<ApiToken>
          rowKey="id"
          columns={columns}
          dataSource={tokens.data?.data ?? []}
          loading={tokens.isLoading}
          pagination={false}
          scroll={{ x: 1100 }}
          aria-label="Lista de tokens de API"
          locale={{ emptyText: 'Nenhum token criado. Use "Novo token" para integrar o seu sistema.' }}
        />
      </Card>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
