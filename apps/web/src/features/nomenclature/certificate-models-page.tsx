import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CertificateModelDealRow,
  certificateModelDealQuery,
  FIELD_RULES,
} from '@origem/contract/schemas/nomenclature';
import { Link } from '@tanstack/react-router';
import { Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useCertificateModelsTable } from './api/list-certificate-models';

export const MODELS_PATH = '/cadastros/modelos-certificado';

export const RULE_TONES = { M: 'red', O: 'blue', NA: 'default' } as const;

const RULE_WORDS = { M: 'obrigatórios', O: 'opcionais', NA: 'não se aplicam' } as const;

/** '19 M', '22 O', '7 NA' as tags; the meaning is in the tooltip and for screen readers. */
export function RuleCounts({ counts }: { counts: { M: number; O: number; NA: number } }) {
  return (
    <Space size={4} wrap={false}>
      {(['M', 'O', 'NA'] as const).map((rule) => (
        <Tooltip key={rule} title={`${counts[rule]} ${RULE_WORDS[rule]} (${FIELD_RULES[rule]})`}>
          <Tag
            color={RULE_TONES[rule]}
            style={{ marginInlineEnd: 0 }}
            aria-label={`${counts[rule]} ${RULE_WORDS[rule]}`}
          >
            {counts[rule]} {rule}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** /cadastros/modelos-certificado: one row per deal with its certificate model (or none yet). */
export function CertificateModelsPage() {
  const list = useListSearch(certificateModelDealQuery);
  const table = useCertificateModelsTable(list);
  const { can } = useSession();
  const manage = can('reference_data.manage');

  const columns: ColumnsType<CertificateModelDealRow> = [
    {
      title: 'Acordo',
      key: 'deal',
      render: (_, row) => (
        <div>
          <Typography.Text strong>{row.deal.abbreviation}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.deal.name}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: 'Modelo',
      key: 'model',
      render: (_, row) => (row.model ? row.model.name : <Tag>Sem modelo</Tag>),
    },
    { title: 'Idioma', key: 'language', render: (_, row) => row.model?.language?.name ?? '—' },
    {
      title: 'Campos (M / O / NA)',
      key: 'counts',
      render: (_, row) => (row.model ? <RuleCounts counts={row.model.counts} /> : '—'),
    },
    {
      title: 'Atualizado em',
      key: 'updated_at',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.model?.updated_at, '—')}</span>
      ),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => {
        const to = `${MODELS_PATH}/${row.deal.id}`;
        if (!row.model) {
          return manage ? (
            <Link
              to="/cadastros/modelos-certificado/$dealId"
              params={{ dealId: String(row.deal.id) }}
              search={{ acordo: row.deal.abbreviation }}
              aria-label={`Criar modelo de ${row.deal.abbreviation}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              <PlusOutlined aria-hidden /> Criar modelo
            </Link>
          ) : null;
        }
        return (
          <Link
            to={to}
            aria-label={`${manage ? 'Editar' : 'Ver'} modelo de ${row.deal.abbreviation}`}
            style={{ whiteSpace: 'nowrap' }}
          >
            {manage ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />} {manage ? 'Editar' : 'Ver'}
          </Link>
        );
      },
    },
  ];

  return (
    <ListPage
      title="Modelos de certificado"
      hint="O formulário de certificado de cada acordo: campos obrigatórios, opcionais ou que não se aplicam (classificação da ALADI), rótulos impressos e layout do PDF."
      filters={
        <FilterBar list={list}>
          <Form.Item name="q" label="Acordo">
            <Input allowClear placeholder="Sigla ou nome do acordo" />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey={(row) => row.deal.id}
        label="Modelos de certificado por acordo"
        scroll={{}}
        emptyText="Nenhum acordo cadastrado."
        emptyHint="Os modelos aparecem aqui depois que os acordos são cadastrados."
      />
    </ListPage>
  );
}
