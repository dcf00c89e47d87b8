import { CloudUploadOutlined, EyeOutlined } from '@ant-design/icons';
import { type NcmRow, ncmKind, ncmSearchQuery } from '@origem/contract/schemas/nomenclature';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Form, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { formatNcm } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useNcmTable } from './api/search-ncm';
import { NcmDetailDrawer } from './ncm-detail-drawer';
import { NcmUploadModal } from './ncm-upload-modal';

/** The open drawer lives in the address (`?codigo=84089090`), so a detail can be linked and survives a reload. */
function useOpenCode(): [string | null, (code: string | null) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const code = typeof raw.codigo === 'string' && /^\d{2,8}$/.test(raw.codigo) ? raw.codigo : null;
  const open = (next: string | null) => {
    const search: Record<string, unknown> = { ...raw, codigo: next ?? undefined };
    void navigate({ to: '.', search });
  };
  return [code, open];
}

/** /cadastros/ncm: search the NCM table by code or description; detail drawer; administrators load a new table. */
export function NcmPage() {
  const list = useListSearch(ncmSearchQuery);
  const table = useNcmTable(list);
  const { can } = useSession();
  const [openCode, setOpenCode] = useOpenCode();
  const [uploading, setUploading] = useState(false);

  const columns: ColumnsType<NcmRow> = [
    {
      title: 'Código',
      dataIndex: 'code',
      key: 'code',
      width: 130,
      render: (code: string) => (
        <Button
          type="link"
          style={{ padding: 0, fontFamily: 'monospace' }}
          onClick={() => setOpenCode(code)}
          aria-label={`Ver NCM ${formatNcm(code)}`}
        >
          {formatNcm(code)}
        </Button>
      ),
    },
    { title: 'Descrição', dataIndex: 'description', key: 'description' },
    {
      title: 'Nível',
      key: 'kind',
      width: 120,
      render: (_, row) => ncmKind(row.code),
    },
    {
      title: 'Folha',
      dataIndex: 'leaf',
      key: 'leaf',
      width: 90,
      render: (leaf: boolean) => (leaf ? <Tag color="green">Sim</Tag> : <Tag>Não</Tag>),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      width: 110,
      render: (_, row) => (
        <Button
          type="text"
          icon={<EyeOutlined aria-hidden />}
          onClick={() => setOpenCode(row.code)}
          aria-label={`Detalhes de ${formatNcm(row.code)}`}
        >
          Detalhes
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="Tabela NCM"
        hint="Nomenclatura Comum do Mercosul: pesquise por código ou descrição e veja a hierarquia e os códigos NALADI/SH de cada código."
        extra={
          can('reference_data.manage') ? (
            <Button icon={<CloudUploadOutlined aria-hidden />} onClick={() => setUploading(true)}>
              Carregar nova tabela
            </Button>
          ) : undefined
        }
        filters={
          <FilterBar list={list}>
            <Form.Item name="q" label="Código ou descrição">
              <Input allowClear placeholder="Ex.: 8408.90 ou motores diesel" />
            </Form.Item>
          </FilterBar>
        }
      >
        <DataTable
          table={table}
          columns={columns}
          rowKey="code"
          label="Códigos NCM"
          scroll={{}}
          emptyText="Nenhum código NCM encontrado."
          emptyHint={
            can('reference_data.manage') ? (
              <>
                A tabela está vazia: use <Typography.Text strong>Carregar nova tabela</Typography.Text>.
              </>
            ) : (
              'A tabela NCM ainda não foi carregada.'
            )
          }
        />
      </ListPage>
      <NcmDetailDrawer code={openCode} onOpen={setOpenCode} onClose={() => setOpenCode(null)} />
      <NcmUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        currentRows={list.hasFilters ? null : table.total}
      />
    </>
  );
}
