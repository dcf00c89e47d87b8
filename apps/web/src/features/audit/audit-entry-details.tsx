import type { AuditEntry } from '@origem/contract/schemas/audit';
import { Descriptions, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type AuditDiffRow, auditDiffRows } from './audit-diff';
import { auditRecordLabel } from './audit-labels';
import { mutedText } from './audit-styles';

const valueStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function Value({ text }: { text: string | null }) {
  // null: the field was not recorded on this side (a creation has no "before").
  if (text === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <span style={valueStyle}>{text}</span>;
}

const columns: ColumnsType<AuditDiffRow> = [
  {
    title: 'Campo',
    dataIndex: 'label',
    width: '24%',
    render: (label: string, row) => (
      <Flex vertical>
        <span>{label}</span>
        {label !== row.field ? <span style={mutedText}>{row.field}</span> : null}
      </Flex>
    ),
  },
  { title: 'Antes', dataIndex: 'before', width: '38%', render: (v: string | null) => <Value text={v} /> },
  { title: 'Depois', dataIndex: 'after', width: '38%', render: (v: string | null) => <Value text={v} /> },
];

/** The expanded row of the audit list: what changed (Campo | Antes | Depois), the URL and the browser. */
export function AuditEntryDetails({ entry }: { entry: AuditEntry }) {
  const rows = auditDiffRows(entry.old_values, entry.new_values, entry.names);
  const record = auditRecordLabel(entry);
  return (
    // width 0 + min-width 100%: the details take the row's width without widening the list (its IP column
    // would slide out of view).
    <Flex vertical gap={12} style={{ padding: '4px 0', width: 0, minWidth: '100%' }}>
      {rows.length > 0 ? (
        <Table<AuditDiffRow>
          aria-label={`Alterações: ${record}`}
          size="small"
          bordered
          pagination={false}
          rowKey="field"
          columns={columns}
          dataSource={rows}
        />
      ) : (
        <span style={{ color: mutedText.color }}>Nenhum valor registrado para este evento.</span>
      )}
      <Descriptions
        size="small"
        column={1}
        styles={{ label: { width: 120, color: mutedText.color } }}
        items={[
          { key: 'url', label: 'URL', children: <span style={valueStyle}>{entry.url ?? '—'}</span> },
          {
            key: 'user_agent',
            label: 'Navegador',
            children: <span style={valueStyle}>{entry.user_agent ?? '—'}</span>,
          },
        ]}
      />
    </Flex>
  );
}
