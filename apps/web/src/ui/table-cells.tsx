import { Space, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { formatTaxId } from './format';

/** A list cell of two lines: the value, and under it a secondary note (left out when it is null). */
export function TwoLineCell({ children, note }: { children: ReactNode; note: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      {children}
      {note === null || note === undefined ? null : (
        <Typography.Text type="secondary">{note}</Typography.Text>
      )}
    </Space>
  );
}

type Party = { name: string; cpf?: string | null; cnpj?: string | null };

/** A person or company in a list cell: the name over its CPF/CNPJ, kept on one line ('—' when it has none). */
export function PartyCell({ party }: { party: Party }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{party.name}</span>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {formatTaxId(party.cnpj ?? party.cpf, '—')}
      </Typography.Text>
    </Space>
  );
}

/** A list's CPF or CNPJ column: masked (letters of an alphanumeric CNPJ kept), on one line, '—' when absent. */
export function taxIdColumn<T extends object>(field: 'cpf' | 'cnpj'): ColumnType<T> {
  return {
    title: field === 'cpf' ? 'CPF' : 'CNPJ',
    dataIndex: field,
    key: field,
    render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTaxId(value, '—')}</span>,
  };
}
