import { Col, Row, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { DateInput } from '../../ui/date-input';
import { FormField } from '../../ui/form';
import { formatDate } from '../../ui/format';

/**
 * When a norm or rule is in force (issue 36): both days inclusive, an open bound "since always" / "still in force".
 * A changed norm or rule keeps its previous versions, each with its own days.
 */

type Dated = { valid_from: string | null; valid_until: string | null };

/** "desde 18/07/2024", "até 17/07/2024", "18/07/2024 a 31/12/2025", "sempre". */
export function validityText({ valid_from, valid_until }: Dated): string {
  if (valid_from && valid_until) return `${formatDate(valid_from)} a ${formatDate(valid_until)}`;
  if (valid_from) return `desde ${formatDate(valid_from)}`;
  if (valid_until) return `até ${formatDate(valid_until)}`;
  return 'sempre';
}

/** The list's "Vigência" column; a version that has ended reads as such. */
export function validityColumn<T extends Dated>(): ColumnType<T> {
  return {
    title: 'Vigência',
    key: 'validity',
    width: 190,
    render: (_: unknown, row) => (
      <Typography.Text type={row.valid_until ? 'secondary' : undefined}>{validityText(row)}</Typography.Text>
    ),
  };
}

/** The two days on a norm's or rule's form. */
export function ValidityFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField name="valid_from" label="Em vigor desde" help="Em branco: desde sempre.">
          <DateInput />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="valid_until" label="Em vigor até" help="Em branco: ainda em vigor.">
          <DateInput />
        </FormField>
      </Col>
    </Row>
  );
}
