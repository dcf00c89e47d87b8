import { type OriginNorm, originNormListQuery } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Form, Input, Typography } from 'antd';
import { useOriginNormsTable } from './api/get-origin-norms';
import { NORMS_PATH } from './deal-paths';
import { originNormKind } from './origin-kinds';
import { type OriginListKind, OriginRecordsList } from './origin-records-list';
import { validityColumn } from './origin-validity';

const norms: OriginListKind<OriginNorm> = {
  edit: originNormKind,
  title: 'Normas de origem',
  hint: 'Base legal de origem de cada acordo, impressa nos itens dos certificados.',
  action: { label: 'Nova norma', permission: 'reference_data.manage', to: `${NORMS_PATH}/novo` },
  query: originNormListQuery,
  useTable: useOriginNormsTable,
  columns: (deal) => [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      width: 300,
      render: (name: string, norm) => (
        <Link to="/normas-origem/$id" params={{ id: String(norm.id) }}>
          {name}
        </Link>
      ),
    },
    deal,
    validityColumn<OriginNorm>(),
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
  ],
  filters: {
    before: (
      <Form.Item name="name" label="Nome">
        <Input allowClear />
      </Form.Item>
    ),
  },
  rowName: (norm) => norm.name,
  table: {
    label: 'Lista de normas de origem',
    emptyText: 'Nenhuma norma de origem encontrada.',
    emptyHint: 'Cadastre a primeira norma em "Nova norma".',
    scrollX: 1150,
  },
};

/** /normas-origem: the legal bases printed on certificate items, by deal (GET /v1/origin_norm). */
export function OriginNormsListPage() {
  return <OriginRecordsList kind={norms} />;
}
