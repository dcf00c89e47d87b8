import {
  type LegalRepresentative,
  legalRepresentativeListQuery,
} from '@origem/contract/schemas/legal-representatives';
import { Link, useNavigate } from '@tanstack/react-router';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { formatDate } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { taxIdColumn } from '../../ui/table-cells';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { useListSearch } from '../../ui/use-list-search';
import { downloadProcuration } from './api/download-procuration';
import { useLegalRepresentativesTable } from './api/list-legal-representatives';
import { type ExporterOption, exporterSource } from './api/options';
import { LEGAL_REPRESENTATIVES_SCREEN, useRemoveRepresentative } from './legal-representative-form';
import { mayCreateRepresentative, mayPickExporter } from './legal-representative-rules';
import { ProcurationState } from './procuration-state';

/**
 * /responsavel-legal: the representatives the session reaches (an exporter sees its own), by name, with the state
 * of each procuration; filters name and, for staff, exporter, in the URL.
 */
export function LegalRepresentativesListPage() {
  const navigate = useNavigate();
  const session = useSession();
  const { user, can } = session;
  const staff = !user?.exporter;
  const manage = can('legal_representative.manage');
  // Offered only to whoever can actually add one (legal-representative-rules.ts).
  const newRepresentative: PrimaryAction | undefined = mayCreateRepresentative(session)
    ? { label: 'Novo responsável legal', to: `${LEGAL_REPRESENTATIVES_SCREEN}/novo` }
    : undefined;
  const list = useListSearch(legalRepresentativeListQuery);
  const table = useLegalRepresentativesTable(list);
  const emptyAction = usePrimaryAction(newRepresentative);
  const removeRepresentative = useRemoveRepresentative();
  const open = (row: LegalRepresentative) =>
    void navigate({ to: `${LEGAL_REPRESENTATIVES_SCREEN}/${row.id}` });

  const remove = async (row: LegalRepresentative) => {
    if (await removeRepresentative(row)) table.refetch();
  };

  const columns: ColumnsType<LegalRepresentative> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <Link to="/responsavel-legal/$id" params={{ id: String(row.id) }}>
          {name}
        </Link>
      ),
    },
    taxIdColumn('cpf'),
    ...(staff
      ? [
          {
            title: 'Exportador',
            key: 'exporter',
            render: (_: unknown, row: LegalRepresentative) => row.exporter.name,
          },
        ]
      : []),
    { title: 'Cargo', key: 'job', render: (_, row) => row.job_position?.name ?? '—' },
    {
      title: 'Validade',
      dataIndex: 'procuration_valid_until',
      key: 'until',
      render: (until: string | null) => formatDate(until, '—'),
    },
    {
      title: 'Procuração',
      key: 'procuration',
      render: (_, row) => <ProcurationState representative={row} />,
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <RowActions
          name={row.name}
          onOpen={() => open(row)}
          editable={manage}
          download={
            row.has_procuration ? { label: 'procuração', run: () => downloadProcuration(row.id) } : undefined
          }
          onDelete={manage ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Responsáveis legais"
      hint={
        staff
          ? 'Quem assina pelos exportadores, com a procuração e sua validade.'
          : 'Quem assina pela sua empresa, com a procuração e sua validade.'
      }
      action={newRepresentative}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear />
          </Form.Item>
          {mayPickExporter(session) ? (
            <Form.Item name="exporter_id" label="Exportador">
              <TypeAheadSelect<ExporterOption> {...exporterSource} style={{ minWidth: 240 }} />
            </Form.Item>
          ) : null}
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label="Lista de responsáveis legais"
        emptyText="Nenhum responsável legal encontrado."
        emptyHint={emptyAction ? 'Cadastre o primeiro em "Novo responsável legal".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
