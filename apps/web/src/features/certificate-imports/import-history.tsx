import { type CertificateImport, IMPORT_STATUSES } from '@origem/contract/schemas/certificate-imports';
import { Link } from '@tanstack/react-router';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import type { ListControls } from '../../ui/use-list-search';
import { downloadImportedFile, useImportsTable } from './api/imports';
import { useDraftPath } from './draft-links';

const DRAFT_LINKS_SHOWN = 8;

function Drafts({ item }: { item: CertificateImport }) {
  const pathOf = useDraftPath();
  if (item.drafts.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = item.drafts.slice(0, DRAFT_LINKS_SHOWN);
  return (
    <Flex gap={6} wrap>
      {shown.map((id) => (
        <Link key={id} to={pathOf(id)} aria-label={`Rascunho nº ${id} da importação ${item.id}`}>
          nº {id}
        </Link>
      ))}
      {item.drafts.length > shown.length ? (
        <Typography.Text type="secondary">e mais {item.drafts.length - shown.length}</Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The user's imports, newest first: who, when, file, counts, status and a link to each draft. */
export function ImportHistory({ list, onOpen }: { list: ListControls; onOpen: (id: number) => void }) {
  const table = useImportsTable(list);
  const columns: ColumnsType<CertificateImport> = [
    { title: 'Nº', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: 'Quando',
      key: 'created_at',
      render: (_, item) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created_at)}</span>,
    },
    { title: 'Quem', key: 'user', render: (_, item) => item.user.name },
    {
      title: 'Arquivo',
      key: 'file',
      render: (_, item) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => void downloadImportedFile(item)}
        >
          {item.file_name}
        </Button>
      ),
    },
    {
      title: 'Situação',
      key: 'status',
      render: (_, item) => (
        <Tag color={IMPORT_STATUSES[item.status].color}>{IMPORT_STATUSES[item.status].label}</Tag>
      ),
    },
    {
      title: 'Linhas / certificados / erros',
      key: 'counts',
      render: (_, item) => `${item.rows_total} / ${item.groups_total} / ${item.error_count}`,
    },
    { title: 'Rascunhos criados', key: 'created', render: (_, item) => item.created_count },
    { title: 'Rascunhos', key: 'drafts', width: 260, render: (_, item) => <Drafts item={item} /> },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      render: (_, item) => (
        <Button size="small" onClick={() => onOpen(item.id)} aria-label={`Abrir a importação nº ${item.id}`}>
          Abrir
        </Button>
      ),
    },
  ];
  return (
    <DataTable<CertificateImport>
      table={table}
      columns={columns}
      rowKey="id"
      scroll={{ x: 1100 }}
      label="Histórico de importações"
      emptyText="Nenhuma importação ainda."
      emptyHint="Baixe o modelo, preencha uma linha por item e envie o arquivo acima."
    />
  );
}
