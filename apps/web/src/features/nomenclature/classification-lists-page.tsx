import { DeleteOutlined, DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { pageQuery } from '@origem/contract/paging';
import { DOWNLOAD_NAMES, downloadFileName } from '@origem/contract/schemas/files';
import type { ClassificationList } from '@origem/contract/schemas/nomenclature';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatNumber } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteClassificationList } from './api/delete-classification-list';
import { downloadClassificationList } from './api/download-classification-list';
import { useClassificationListsTable } from './api/list-classification-lists';
import { ClassificationListModal } from './classification-list-modal';

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024)
    return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** /cadastros/listas-classificacao: NCM → NALADI/SH lists, one per type, each loaded from a CSV. */
export function ClassificationListsPage() {
  const list = useListSearch(pageQuery);
  const table = useClassificationListsTable(list);
  const { can } = useSession();
  const removal = useDeleteClassificationList();
  // undefined: closed; null: creating; a list: replacing its file.
  const [editing, setEditing] = useState<ClassificationList | null | undefined>(undefined);
  const newList: PrimaryAction = {
    label: 'Nova lista',
    permission: 'reference_data.manage',
    onClick: () => setEditing(null),
  };
  const emptyAction = usePrimaryAction(newList);
  const manage = can('reference_data.manage');

  const remove = (row: ClassificationList) =>
    confirmDeletion(
      {
        title: `Excluir a lista "${row.name}"?`,
        content: `Os ${formatNumber(row.rows_count)} códigos ${row.classification_type} deixam de aparecer nos NCM. Esta ação não pode ser desfeita.`,
      },
      () => removal.mutateAsync(row.id),
    );

  const columns: ColumnsType<ClassificationList> = [
    {
      title: 'Tipo',
      dataIndex: 'classification_type',
      key: 'classification_type',
      render: (type: string) => <Tag color="blue">{type}</Tag>,
    },
    { title: 'Nome', dataIndex: 'name', key: 'name' },
    {
      title: 'Itens',
      dataIndex: 'rows_count',
      key: 'rows_count',
      align: 'right',
      render: (count: number) => formatNumber(count),
    },
    {
      title: 'Arquivo',
      key: 'file',
      render: (_, row) =>
        row.file ? (
          <div>
            <div>{downloadFileName(DOWNLOAD_NAMES.classificationList, row.file.name)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {fileSize(row.file.size)}
            </Typography.Text>
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: 'Enviado',
      key: 'uploaded',
      render: (_, row) => (
        <div>
          <div style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.uploaded_at)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.uploaded_by?.name ?? '—'}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title="Baixar o CSV">
            <Button
              type="text"
              icon={<DownloadOutlined aria-hidden />}
              aria-label={`Baixar ${row.name}`}
              disabled={!row.file}
              onClick={() => void downloadClassificationList(row.id)}
            />
          </Tooltip>
          {manage ? (
            <>
              <Tooltip title="Substituir arquivo">
                <Button
                  type="text"
                  icon={<SwapOutlined aria-hidden />}
                  aria-label={`Substituir arquivo de ${row.name}`}
                  onClick={() => setEditing(row)}
                />
              </Tooltip>
              <Tooltip title="Excluir">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Excluir ${row.name}`}
                  onClick={() => void remove(row).catch(ignoreShownError)}
                />
              </Tooltip>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="Listas de classificação"
        hint="Correspondência entre NCM e os códigos NALADI/SH ou SH usados nos certificados — uma lista por tipo, carregada de um arquivo CSV."
        action={newList}
      >
        <DataTable
          table={table}
          columns={columns}
          rowKey="id"
          label="Listas de classificação"
          scroll={{}}
          emptyText="Nenhuma lista de classificação cadastrada."
          emptyHint={manage ? 'Envie a primeira em "Nova lista".' : undefined}
          emptyAction={emptyAction}
        />
      </ListPage>
      {editing !== undefined ? (
        <ClassificationListModal
          key={editing?.id ?? 'nova'}
          open
          list={editing ?? undefined}
          usedTypes={table.rows.map((row) => row.classification_type)}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </>
  );
}
