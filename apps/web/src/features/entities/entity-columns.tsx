import type { ColumnType } from 'antd/es/table/interface';
import { formatTaxId } from '../../ui/format';

type Located = { city: string | null; state: string | null };

/** The CNPJ column every entity list has: masked (00.000.000/0000-00, letters kept), '—' when absent. */
export function cnpjColumn<T extends { cnpj: string | null }>(): ColumnType<T> {
  return {
    title: 'CNPJ',
    dataIndex: 'cnpj',
    key: 'cnpj',
    render: (cnpj: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTaxId(cnpj, '—')}</span>,
  };
}

/** 'Santos/SP', or '—' when neither is known. */
export function placeColumn<T extends Located>(): ColumnType<T> {
  return {
    title: 'Cidade/UF',
    key: 'place',
    render: (_: unknown, row: T) => [row.city, row.state].filter(Boolean).join('/') || '—',
  };
}
