import { type OriginNorm, originNormListQuery } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Form, Input, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { showSuccessDialog } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteOriginNorm } from './api/delete-origin-norm';
import { useOriginNormsTable } from './api/get-origin-norms';
import { DealSelect } from './deal-options';
import { DEALS_PATH, NORMS_PATH } from './deal-paths';

const newNorm: PrimaryAction = {
  label: 'Nova norma',
  permission: 'reference_data.manage',
  to: `${NORMS_PATH}/novo`,
};

/** /normas-origem: the legal bases printed on certificate items, by deal (GET /v1/origin_norm). */
export function OriginNormsListPage() {
  const { can } = useSession();
  const canManage = can('reference_data.manage');
  const list = useListSearch(originNormListQuery);
  const table = useOriginNormsTable(list);
  const emptyAction = usePrimaryAction(newNorm);
  const removal = useDeleteOriginNorm();

  const remove = async (norm: OriginNorm) => {
    const confirmed = await confirmAction({
      title: `Excluir a norma "${norm.name}"?`,
      content: `Ela deixa de ser oferecida nos certificados do acordo ${norm.deal.abbreviation}.`,
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await removal.mutateAsync(norm.id);
    void showSuccessDialog(answer.message);
  };

  const columns: ColumnsType<OriginNorm> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      width: 300,
      render: (name: string, norm) => <Link to={`${NORMS_PATH}/${norm.id}`}>{name}</Link>,
    },
    {
      title: 'Acordo',
      key: 'deal',
      width: 160,
      render: (_: unknown, norm) => (
        <Tooltip title={norm.deal.name}>
          <Link to={`${DEALS_PATH}/${norm.deal.id}`} style={{ whiteSpace: 'nowrap' }}>
            {norm.deal.abbreviation}
          </Link>
        </Tooltip>
      ),
    },
    {
      title: 'Texto legal',
      dataIndex: 'legal_text',
      key: 'legal_text',
      render: (text: string | null) =>
        text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
            {text}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_: unknown, norm) => (
        <RowActions
          name={norm.name}
          to={`${NORMS_PATH}/${norm.id}`}
          editable={canManage}
          onDelete={canManage ? () => remove(norm) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Normas de origem"
      hint="Base legal de origem de cada acordo, impressa nos itens dos certificados."
      action={newNorm}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="deal_id" label="Acordo">
            <DealSelect />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 960 }}
        label="Lista de normas de origem"
        emptyText="Nenhuma norma de origem encontrada."
        emptyHint={emptyAction ? 'Cadastre a primeira norma em "Nova norma".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
