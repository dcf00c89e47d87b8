import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Alert, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useFormContext, useWatch } from 'react-hook-form';
import { DecimalInput } from '../../ui/decimal-input';
import { FormField } from '../../ui/form';
import type { FeeRow } from './entity-form-values';
import './fee-table.css';

const money = { places: DECIMAL_PLACES.money, currency: 'R$', placeholder: 'Sem taxa' } as const;

/**
 * What the association charges per issued certificate, one row per deal (DOMAIN.md §9): members (associados)
 * pay the lower fee. Both blank = no fee for that deal. Saved with the association, as one set.
 */
export function FeeTable({ dealsFailed }: { dealsFailed: boolean }) {
  const { control } = useFormContext();
  const rows = (useWatch({ control, name: 'fees' }) ?? []) as FeeRow[];

  const columns: ColumnsType<FeeRow & { index: number }> = [
    {
      title: 'Acordo',
      key: 'deal',
      render: (_, row) => (
        <div>
          <Typography.Text strong>{row.deal_abbreviation}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.deal_name}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: 'Associado',
      key: 'member_fee',
      width: 200,
      render: (_, row) => (
        <FormField
          name={`fees.${row.index}.member_fee`}
          label={`${row.deal_abbreviation}: taxa de associado`}
        >
          <DecimalInput {...money} />
        </FormField>
      ),
    },
    {
      title: 'Não associado',
      key: 'non_member_fee',
      width: 200,
      render: (_, row) => (
        <FormField
          name={`fees.${row.index}.non_member_fee`}
          label={`${row.deal_abbreviation}: taxa de não associado`}
        >
          <DecimalInput {...money} />
        </FormField>
      ),
    },
  ];

  const charged = rows.filter(
    (row) => row.member_fee.trim() !== '' && row.non_member_fee.trim() !== '',
  ).length;
  return (
    <div className="fee-table">
      {dealsFailed ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Não foi possível carregar a lista de acordos: só as taxas já cadastradas aparecem abaixo."
        />
      ) : null}
      <Table
        size="small"
        rowKey="deal_id"
        pagination={false}
        columns={columns}
        dataSource={rows.map((row, index) => ({ ...row, index }))}
        aria-label="Taxas por acordo"
        locale={{ emptyText: 'Nenhum acordo cadastrado.' }}
        footer={() => (
          <Typography.Text type="secondary">
            {charged === 0
              ? 'Nenhuma taxa definida. Valores por certificado emitido; deixe em branco os acordos sem cobrança.'
              : `${charged} de ${rows.length} acordos com taxa. Valores por certificado emitido; deixe em branco os acordos sem cobrança.`}
          </Typography.Text>
        )}
      />
    </div>
  );
}
