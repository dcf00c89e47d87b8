import { DeleteOutlined, FileSearchOutlined } from '@ant-design/icons';
import { preRegistrationFlow } from '@origem/contract/flows';
import {
  type PreRegistrationListItem,
  preRegistrationListQuery,
  preRegistrationMessages,
} from '@origem/contract/schemas/pre-registrations';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Form, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar, TaxIdFilters } from '../../ui/filter-bar';
import { FlowTag } from '../../ui/flow-tag';
import { formatDateTime, formatTaxId } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { RecordName } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useServerTable } from '../../ui/use-server-table';
import { deletePreRegistration } from './api/decide-pre-registration';
import { PRE_REGISTRATION_PATH, preRegistrationKeys } from './api/keys';
import { profileLabel, STATUS_OPTIONS } from './pre-registration-labels';

/** /pre-cadastros: the sign-ups of the user's association(s), newest first (SPEC §9), with status, CPF and CNPJ. */
export function PreRegistrationsListPage() {
  const list = useListSearch(preRegistrationListQuery);
  const table = useServerTable<PreRegistrationListItem>({
    queryKey: preRegistrationKeys.list,
    path: PRE_REGISTRATION_PATH,
    list,
  });
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayAnalyse = can('pre_registration.analyse');

  const remove = async (row: PreRegistrationListItem) => {
    const removed = await confirmDeletion(
      {
        title: `Excluir o pré-cadastro de ${row.name}?`,
        content: 'O pré-cadastro e o contrato social enviado serão apagados.',
      },
      async () => {
        await deletePreRegistration(row.id);
        return preRegistrationMessages.deleted;
      },
    );
    if (removed) await queryClient.invalidateQueries({ queryKey: preRegistrationKeys.all });
  };

  const columns: ColumnsType<PreRegistrationListItem> = [
    {
      title: 'Enviado em',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: 'Nome / razão social',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => (
        <RecordName name={name} to={mayAnalyse ? `/pre-cadastro-analise/${row.id}` : undefined} />
      ),
    },
    {
      title: 'CPF / CNPJ',
      key: 'tax_id',
      render: (_, row) => formatTaxId(row.cpf ?? row.cnpj, '—'),
    },
    { title: 'Perfil', dataIndex: 'profile_type', render: (value: string) => profileLabel(value) },
    { title: 'Associação', dataIndex: ['trade_association', 'name'] },
    {
      title: 'Situação',
      dataIndex: 'status',
      render: (status: string) => <FlowTag flow={preRegistrationFlow} status={status} />,
    },
    {
      title: 'Ações',
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          {mayAnalyse ? (
            <Tooltip title="Analisar">
              <Button
                type="text"
                icon={<FileSearchOutlined aria-hidden />}
                aria-label={`Analisar ${row.name}`}
                onClick={() =>
                  void navigate({ to: '/pre-cadastro-analise/$id', params: { id: String(row.id) } })
                }
              />
            </Tooltip>
          ) : null}
          {mayAnalyse && row.status !== preRegistrationFlow.actions.approve.to ? (
            <Tooltip title="Excluir">
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Excluir ${row.name}`}
                onClick={() => void remove(row).catch(ignoreShownError)}
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="Pré-cadastros"
      hint="Pedidos de acesso de exportadores e despachantes, enviados pelo formulário público, para análise."
      filters={
        <FilterBar list={list}>
          <Form.Item name="status" label="Situação">
            <Select allowClear placeholder="Todas" options={STATUS_OPTIONS} />
          </Form.Item>
          <TaxIdFilters />
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        label="Lista de pré-cadastros"
        emptyText="Nenhum pré-cadastro encontrado."
        emptyHint="Os pedidos enviados em /pre-cadastro aparecem aqui para análise."
      />
    </ListPage>
  );
}
