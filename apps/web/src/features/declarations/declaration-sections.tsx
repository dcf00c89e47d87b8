import type { Declaration, DeclarationMaterial } from '@origem/contract/schemas/declarations';
import { MANUFACTURER_DECLARATION_FILE_NAME } from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Button, Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatNcm,
  formatTaxId,
} from '../../ui/format';
import { downloadManufacturerDeclaration } from './api/declaration-documents';

/** The read-only sections of a declaration, shared by the analysis, consult and locked edit screens. */

const dash = (text: string | null | undefined) => text || '—';
const usd = (value: string) => formatMoney(value, 'USD');
/** '12.5' → '12,50 %' (the stored text, never through floating point). */
export const percentText = (value: string | null) => formatDecimal(value, DECIMAL_PLACES.percent, '%', '—');

/** The header: parties, product, deal and classification, values, and the approval when there is one. */
export function DeclarationDataCard({ declaration: d }: { declaration: Declaration }) {
  return (
    <Card title="Dados da declaração">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'exporter',
            label: 'Exportador',
            children: `${d.exporter.name} (${formatTaxId(d.exporter.cnpj ?? d.exporter.cpf, '—')})`,
          },
          { key: 'association', label: 'Associação comercial', children: d.trade_association.name },
          {
            key: 'manufacturer',
            label: 'Fabricante',
            children: `${d.company_manufacturer.corporate_name}${d.company_manufacturer.cnpj ? ` (${formatTaxId(d.company_manufacturer.cnpj)})` : ''}`,
          },
          { key: 'representative', label: 'Responsável legal', children: d.legal_representative.name },
          { key: 'product', label: 'Produto', children: d.product_name },
          { key: 'code', label: 'Código interno', children: dash(d.internal_product_code) },
          {
            key: 'ncm',
            label: 'NCM',
            children: `${formatNcm(d.ncm)}${d.ncm_description ? ` — ${d.ncm_description}` : ''}`,
          },
          {
            key: 'nomenclature',
            label: `Código no acordo (${d.deal.classification_type})`,
            children: dash(d.nomenclature_code),
          },
          { key: 'deal', label: 'Acordo', children: `${d.deal.abbreviation} — ${d.deal.name}` },
          {
            key: 'rule',
            label: 'Critério de origem',
            children: `${d.origin_rule.code} — ${d.origin_rule.description}`,
          },
          { key: 'norm', label: 'Norma de origem', children: d.origin_norm.name },
          {
            key: 'fob',
            label: 'Valor FOB unitário',
            children: `${usd(d.fob_unit_value_min)} a ${usd(d.fob_unit_value_max)}`,
          },
          {
            key: 'process',
            label: 'Processo produtivo',
            span: 2,
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.production_process}</span>,
          },
          ...(d.approved_at
            ? [
                { key: 'approved', label: 'Aprovada em', children: formatDateTime(d.approved_at) },
                { key: 'valid', label: 'Válida até', children: formatDate(d.valid_until, '—') },
                { key: 'location', label: 'Local de entrega', children: dash(d.delivery_location?.name) },
              ]
            : []),
          ...(d.analyst ? [{ key: 'analyst', label: 'Analista', children: d.analyst.name }] : []),
        ]}
      />
    </Card>
  );
}

/** How a material stands under the deal: originating, or not (and whether it changes tariff heading). */
export function MaterialOriginTag({ material }: { material: DeclarationMaterial }) {
  if (material.originating) return <Tag color="green">Originário</Tag>;
  return (
    <Space size={2} wrap>
      <Tag color="orange">Não originário</Tag>
      {material.changes_heading ? (
        <Tag>Muda de posição</Tag>
      ) : (
        <Tag color="red">Mesma posição do produto</Tag>
      )}
    </Space>
  );
}

const materialColumns: ColumnsType<DeclarationMaterial> = [
  { title: 'NCM', key: 'ncm', width: 100, render: (_, m) => formatNcm(m.ncm) },
  { title: 'Descrição', dataIndex: 'description' },
  {
    title: 'Origem',
    key: 'origin',
    render: (_, m) => (
      <Space orientation="vertical" size={2}>
        <span>{m.origin_country.name}</span>
        <MaterialOriginTag material={m} />
      </Space>
    ),
  },
  { title: 'Valor CIF', key: 'cif', align: 'right', width: 100, render: (_, m) => usd(m.cif_value_usd) },
  {
    title: 'Part. no FOB',
    key: 'share',
    align: 'right',
    width: 90,
    render: (_, m) => percentText(m.fob_share_percent),
  },
];

export function MaterialsTable({ materials }: { materials: readonly DeclarationMaterial[] }) {
  return (
    <Card title="Materiais">
      {materials.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum material informado." />
      ) : (
        <Table<DeclarationMaterial>
          aria-label="Materiais"
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 600 }}
          columns={materialColumns}
          dataSource={[...materials]}
        />
      )}
    </Card>
  );
}

/** The manufacturer's signed declaration, when it was attached. */
export function ManufacturerFileCard({ declaration }: { declaration: Declaration }) {
  const file = declaration.manufacturer_declaration;
  return (
    <Card title="Declaração do fabricante">
      {file ? (
        <Button onClick={() => void downloadManufacturerDeclaration(declaration.id)}>
          Baixar {MANUFACTURER_DECLARATION_FILE_NAME}
        </Button>
      ) : (
        <Typography.Text type="secondary">Nenhum arquivo anexado.</Typography.Text>
      )}
    </Card>
  );
}

/** The whole declaration, read-only. */
export function DeclarationReadOnly({ declaration }: { declaration: Declaration }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <DeclarationDataCard declaration={declaration} />
      <MaterialsTable materials={declaration.materials} />
      <ManufacturerFileCard declaration={declaration} />
    </Space>
  );
}
