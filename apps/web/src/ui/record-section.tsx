import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';

export type RecordField = {
  key: string;
  label: string;
  /** Empty values (null, undefined, '') show as '—'. */
  value: ReactNode;
  /** Columns the field takes (long texts: the whole row). */
  span?: number | 'filled';
};

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * A read-only block of a record (detail, analysis and consultation screens): a titled card of label/value pairs,
 * '—' where a value is missing, so the same record reads the same on every screen.
 */
export function RecordSection({
  title,
  fields,
  extra,
  columns = 2,
}: {
  title: ReactNode;
  fields: readonly RecordField[];
  extra?: ReactNode;
  columns?: number;
}) {
  return (
    <Card title={title} extra={extra} size="small">
      <Descriptions
        column={{ xs: 1, md: columns }}
        size="small"
        items={fields.map((field) => ({
          key: field.key,
          label: field.label,
          span: field.span,
          children: isEmpty(field.value) ? '—' : field.value,
        }))}
      />
    </Card>
  );
}
