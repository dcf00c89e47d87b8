import type { ColumnType } from 'antd/es/table/interface';

type Located = { city: string | null; state: string | null };

/** 'Santos/SP', or '—' when neither is known. */
export function placeColumn<T extends Located>(): ColumnType<T> {
  return {
    title: 'Cidade/UF',
    key: 'place',
    render: (_: unknown, row: T) => [row.city, row.state].filter(Boolean).join('/') || '—',
  };
}
