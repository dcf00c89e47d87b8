import type { AuditEntry } from '@origem/contract/schemas/audit';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AuditEventTag } from './audit-event-tag';
import { auditableTypeLabel, auditRecordLabel, auditRecordName, formatAuditTime } from './audit-labels';
import { mutedText } from './audit-styles';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The audit list's columns; the server orders it newest first, so none is sortable. */
export const auditColumns: ColumnsType<AuditEntry> = [
  {
    title: 'Data/hora',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatAuditTime(value)}</span>,
  },
  {
    title: 'Usuário',
    key: 'user',
    // No user: an anonymous event, such as a failed login with an unknown e-mail.
    render: (_, entry) =>
      entry.user ? (
        <Flex vertical>
          <span>{entry.user.name}</span>
          <span style={mutedText}>{entry.user.email}</span>
        </Flex>
      ) : (
        <Typography.Text type="secondary" title="Evento sem usuário identificado">
          —
        </Typography.Text>
      ),
  },
  {
    title: 'Perfil',
    key: 'role',
    render: (_, entry) => entry.user?.role.display_name || dash,
  },
  {
    title: 'Evento',
    dataIndex: 'event',
    key: 'event',
    render: (event: string) => <AuditEventTag event={event} />,
  },
  {
    title: 'Registro',
    key: 'record',
    // The record's type and name; the number only when no name is known.
    render: (_, entry) => {
      const name = auditRecordName(entry);
      return name ? (
        <Flex vertical style={{ minWidth: 140, maxWidth: 260 }}>
          <span style={mutedText}>{auditableTypeLabel(entry.auditable_type)}</span>
          <span>{name}</span>
        </Flex>
      ) : (
        <span style={{ whiteSpace: 'nowrap' }}>{auditRecordLabel(entry)}</span>
      );
    },
  },
  {
    title: 'IP',
    dataIndex: 'ip_address',
    key: 'ip_address',
    render: (ip: string | null) => ip || dash,
  },
];
