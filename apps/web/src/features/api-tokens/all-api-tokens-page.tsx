import { type AdminApiToken, adminApiTokenListQuery } from '@origem/contract/schemas/api-tokens';
import { Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useAllTokensTable } from './api/api-tokens';
import { RevokeButton, tokenColumns } from './api-tokens-page';

const columns: ColumnsType<AdminApiToken> = [
  {
    title: 'Usuário',
    key: 'user',
    render: (_, token) => (
      <>
        {token.user.name}
        <br />
        <Typography.Text type="secondary">{token.user.email}</Typography.Text>
      </>
    ),
  },
  ...(tokenColumns as ColumnsType<AdminApiToken>),
  {
    title: 'Ações',
    key: ACTIONS_KEY,
    align: 'right',
    render: (_, token) => <RevokeButton token={token} scope="all" />,
  },
];

/** /administracao/tokens: every user's API tokens, for the platform administrator to find and revoke. */
export function AllApiTokensPage() {
  const list = useListSearch(adminApiTokenListQuery);
  const table = useAllTokensTable(list);
  return (
    <ListPage
      title="Tokens de API dos usuários"
      hint="Os tokens de API de todos os usuários, dos mais novos; um token suspeito pode ser revogado aqui."
      filters={
        <FilterBar list={list}>
          <Form.Item name="search" label="Busca">
            <Input placeholder="Nome do token, usuário ou e-mail" allowClear />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable<AdminApiToken>
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 1300 }}
        label="Lista de tokens de API dos usuários"
        emptyText="Nenhum token de API."
        emptyHint="Os tokens aparecem aqui quando um usuário os cria em Minha conta → Tokens de API."
      />
    </ListPage>
  );
}
