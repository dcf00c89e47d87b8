import { type Deal, dealListQuery } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteDeal } from './api/delete-deal';
import { useDealsTable } from './api/get-deals';
import { DEALS_PATH } from './deal-paths';

const newDeal: PrimaryAction = {
  label: 'Novo acordo',
  permission: 'reference_data.manage',
  to: `${DEALS_PATH}/novo`,
};

/** /acordos: the trade agreements, in abbreviation order, with their partner countries (GET /v1/deal). */
export function DealsListPage() {
  const { can } = useSession();
  const canManage = can('reference_data.manage');
  const list = useListSearch(dealListQuery);
  const table = useDealsTable(list);
  const emptyAction = usePrimaryAction(newDeal);
  const removal = useDeleteDeal();

  const remove = (deal: Deal) =>
    confirmDeletion(
      {
        title: `Excluir o acordo ${deal.abbreviation}?`,
        content:
          deal.norms_count > 0 || deal.rules_count > 0 || deal.certificate_model
            ? 'Este acordo tem normas, regras ou modelo de certificado: a exclusão só é possível depois de removê-los.'
            : 'Esta ação não pode ser desfeita.',
      },
      async () => (await removal.mutateAsync(deal.id)).message,
    );

  const columns: ColumnsType<Deal> = [
    {
      title: 'Sigla',
      dataIndex: 'abbreviation',
      key: 'abbreviation',
      width: 170,
      render: (abbreviation: string, deal) => (
        <Space size={4} wrap>
          <Link
            to="/acordos/$id"
            params={{ id: String(deal.id) }}
            style={{ whiteSpace: 'nowrap', fontWeight: 500 }}
          >
            {abbreviation}
          </Link>
          {deal.active ? null : <Tag>Inativo</Tag>}
        </Space>
      ),
    },
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
    },
    {
      title: 'Sigla ALADI',
      dataIndex: 'aladi_acronym',
      key: 'aladi_acronym',
      width: 100,
      render: (acronym: string | null) => acronym ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: 'Classificação',
      dataIndex: 'classification_type',
      key: 'classification_type',
      width: 130,
      render: (type: string) => <span style={{ whiteSpace: 'nowrap' }}>{type}</span>,
    },
    {
      title: <Tooltip title="Aceita certificado de origem digital">COD</Tooltip>,
      dataIndex: 'accepts_digital',
      key: 'accepts_digital',
      align: 'center',
      width: 72,
      render: (digital: boolean) =>
        digital ? (
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            COD
          </Tag>
        ) : (
          <Typography.Text type="secondary" aria-label="Não aceita">
            —
          </Typography.Text>
        ),
    },
    {
      title: 'Países parceiros',
      dataIndex: 'countries',
      key: 'countries',
      width: 210,
      render: (countries: Deal['countries']) =>
        countries.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {countries.map((country) => (
              <Tag key={country.id} title={country.code}>
                {country.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_: unknown, deal) => (
        <RowActions
          name={deal.abbreviation}
          to={`${DEALS_PATH}/${deal.id}`}
          editable={canManage}
          onDelete={canManage ? () => remove(deal) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Acordos"
      hint="Acordos comerciais sob os quais se emitem certificados de origem, com seus países parceiros."
      action={newDeal}
      filters={
        <FilterBar list={list}>
          <Form.Item name="abbreviation" label="Sigla">
            <Input allowClear placeholder="Ex.: ACE-18" />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        // Names wrap; on a 1024 px laptop the table scrolls sideways with the actions kept in view.
        scroll={{ x: 1000 }}
        label="Lista de acordos"
        emptyText="Nenhum acordo encontrado."
        emptyHint={emptyAction ? 'Cadastre o primeiro acordo em "Novo acordo".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
