import { type OriginRule, originRuleListQuery } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Form, Input, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { showSuccessDialog } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteOriginRule } from './api/delete-origin-rule';
import { useOriginRulesTable } from './api/get-origin-rules';
import { DealSelect } from './deal-options';
import { DEALS_PATH, RULES_PATH } from './deal-paths';

const newRule: PrimaryAction = {
  label: 'Nova regra',
  permission: 'origin_rule.manage',
  to: `${RULES_PATH}/novo`,
};

/** /regras-origem (admin and analista): the origin criteria of each deal (GET /v1/origin_rule). */
export function OriginRulesListPage() {
  const { can } = useSession();
  const canManage = can('origin_rule.manage');
  const list = useListSearch(originRuleListQuery);
  const table = useOriginRulesTable(list);
  const emptyAction = usePrimaryAction(newRule);
  const removal = useDeleteOriginRule();

  const remove = async (rule: OriginRule) => {
    const confirmed = await confirmAction({
      title: `Excluir a regra ${rule.code} do acordo ${rule.deal.abbreviation}?`,
      content: 'Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await removal.mutateAsync(rule.id);
    void showSuccessDialog(answer.message);
  };

  const columns: ColumnsType<OriginRule> = [
    {
      title: 'Acordo',
      key: 'deal',
      width: 160,
      render: (_: unknown, rule) => (
        <Tooltip title={rule.deal.name}>
          <Link to={`${DEALS_PATH}/${rule.deal.id}`} style={{ whiteSpace: 'nowrap' }}>
            {rule.deal.abbreviation}
          </Link>
        </Tooltip>
      ),
    },
    {
      title: 'Código',
      dataIndex: 'code',
      key: 'code',
      width: 100,
      render: (code: string, rule) => (
        <Link
          to={`${RULES_PATH}/${rule.id}`}
          aria-label={`Regra ${code} do acordo ${rule.deal.abbreviation}`}
        >
          <Tag style={{ fontFamily: 'monospace', cursor: 'pointer' }}>{code}</Tag>
        </Link>
      ),
    },
    { title: 'Descrição', dataIndex: 'description', key: 'description' },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_: unknown, rule) =>
        canManage ? (
          <RowActions
            name={`a regra ${rule.code} do acordo ${rule.deal.abbreviation}`}
            to={`${RULES_PATH}/${rule.id}`}
            editable
            onDelete={() => remove(rule)}
          />
        ) : null,
    },
  ];

  return (
    <ListPage
      title="Regras de origem"
      hint="Critérios de origem de cada acordo (totalmente obtido, salto tarifário, conteúdo regional…)."
      action={newRule}
      filters={
        <FilterBar list={list}>
          <Form.Item name="deal_id" label="Acordo">
            <DealSelect />
          </Form.Item>
          <Form.Item name="q" label="Código ou descrição">
            <Input allowClear />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label="Lista de regras de origem"
        emptyText="Nenhuma regra de origem encontrada."
        emptyHint={emptyAction ? 'Cadastre a primeira regra em "Nova regra".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
