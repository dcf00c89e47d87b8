import { Card, Flex } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useDesignToken } from './use-design-token';

type Leaf<T> = ColumnType<T> & { key?: Key };

function valueAt(row: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const step of path) value = (value as Record<string | number, unknown> | undefined)?.[step as string];
  return value;
}

/** What a table cell shows, worked out the way antd does: the column's render, else the value at its dataIndex. */
function cellOf<T extends object>(column: Leaf<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex as ColumnType<object>['dataIndex']);
  if (column.render) {
    const rendered = column.render(value, row, index);
    // A render may answer antd's cell props ({ children, props }); the card only wants what it shows.
    return rendered !== null && typeof rendered === 'object' && 'children' in rendered && 'props' in rendered
      ? (rendered.children as ReactNode)
      : (rendered as ReactNode);
  }
  return value === null || value === undefined ? null : String(value);
}

function titleOf<T>(column: Leaf<T>): ReactNode {
  return typeof column.title === 'function' ? null : column.title;
}

/**
 * A list's rows as cards, for a phone: each column a labelled line of the card (title above the value), the row
 * actions (`actionsKey`) at the card's foot. The same columns the table uses, so nothing is written twice.
 */
export function DataCards<T extends object>({
  rows,
  columns,
  rowKey,
  label,
  actionsKey,
}: {
  rows: readonly T[];
  columns: ColumnsType<T>;
  rowKey: (row: T, index: number) => Key;
  label: string;
  actionsKey: string;
}) {
  const token = useDesignToken();
  const leaves = columns as Leaf<T>[];
  const fields = leaves.filter((column) => column.key !== actionsKey);
  const actions = leaves.find((column) => column.key === actionsKey);
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => (
        <li key={rowKey(row, index)} style={{ marginBottom: 12 }}>
          <Card size="small">
            <dl style={{ margin: 0 }}>
              {fields.map((column, position) => (
                <div key={String(column.key ?? position)} style={{ marginBottom: 8 }}>
                  <dt style={{ color: token.colorTextDescription, fontSize: 12 }}>{titleOf(column)}</dt>
                  <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{cellOf(column, row, index)}</dd>
                </div>
              ))}
            </dl>
            {actions ? (
              <Flex justify="flex-end" wrap gap={8}>
                {cellOf(actions, row, index)}
              </Flex>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
