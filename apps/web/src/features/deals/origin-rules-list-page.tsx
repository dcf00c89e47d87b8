import { type OriginRule, originRuleListQuery } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Form, Input, Tag } from 'antd';
import { useOriginRulesTable } from './api/get-origin-rules';
import { RULES_PATH } from './deal-paths';
import { originRuleKind } from './origin-kinds';
import { type OriginListKind, OriginRecordsList } from './origin-records-list';
import { validityColumn } from './origin-validity';

const rules: OriginListKind<OriginRule> = {
  edit: originRuleKind,
  title: 'Regras de origem',
  hint: 'Critérios de origem de cada acordo (totalmente obtido, salto tarifário, conteúdo regional…), cada versão com a sua vigência.',
  action: { label: 'Nova regra', permission: 'origin_rule.manage', to: `${RULES_PATH}/novo` },
  query: originRuleListQuery,
  useTable: useOriginRulesTable,
  columns: (deal) => [
    deal,
    {
      title: 'Código',
      dataIndex: 'code',
      key: 'code',
      width: 100,
      render: (code: string, rule) => (
        <Link
          to="/regras-origem/$id"
          params={{ id: String(rule.id) }}
          aria-label={`Regra ${code} do acordo ${rule.deal.abbreviation}`}
        >
          <Tag style={{ fontFamily: 'monospace', cursor: 'pointer' }}>{code}</Tag>
        </Link>
      ),
    },
    validityColumn<OriginRule>(),
    { title: 'Descrição', dataIndex: 'description', key: 'description' },
  ],
  filters: {
    after: (
      <Form.Item name="q" label="Código ou descrição">
        <Input allowClear />
      </Form.Item>
    ),
  },
  rowName: (rule) => `a regra ${rule.code} do acordo ${rule.deal.abbreviation}`,
  actionsOnlyForManagers: true,
  table: {
    label: 'Lista de regras de origem',
    emptyText: 'Nenhuma regra de origem encontrada.',
    emptyHint: 'Cadastre a primeira regra em "Nova regra".',
    scrollX: 1100,
  },
};

/** /regras-origem (admin and analista): the origin criteria of each deal (GET /v1/origin_rule). */
export function OriginRulesListPage() {
  return <OriginRecordsList kind={rules} />;
}
