import { DownloadOutlined, DownOutlined, RightOutlined } from '@ant-design/icons';
import { type AuditEntry, auditListQuery } from '@origem/contract/schemas/audit';
import { Button } from 'antd';
import type { ExpandableConfig } from 'antd/es/table/interface';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { exportAuditCsv } from './api/export-audit-csv';
import { exportPerformanceCsv } from './api/export-performance-csv';
import { useAuditList } from './api/list-audits';
import { auditColumns } from './audit-columns';
import { AuditEntryDetails } from './audit-entry-details';
import { AuditFilterFields } from './audit-filter-fields';

const expandable: ExpandableConfig<AuditEntry> = {
  expandedRowRender: (entry) => <AuditEntryDetails entry={entry} />,
  expandIcon: ({ expanded, onExpand, record }) => (
    <Button
      type="text"
      size="small"
      aria-expanded={expanded}
      aria-label={expanded ? 'Ocultar detalhes' : 'Ver detalhes'}
      icon={expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
      onClick={(event) => onExpand(record, event)}
    />
  ),
};

/** /auditoria: who did what, when and from where; filters in the URL, CSV export of the filtered trail. */
export function AuditPage() {
  const list = useListSearch(auditListQuery);
  const table = useAuditList(list);
  const exportCsv: PrimaryAction = {
    label: 'Exportar CSV',
    permission: 'audit.view',
    icon: <DownloadOutlined aria-hidden />,
    // The filters applied to the table (the URL's), not what is typed in the bar and not yet applied.
    onClick: () => void exportAuditCsv(list.filters),
  };

  return (
    <ListPage
      title="Auditoria"
      hint="Quem fez o quê, quando e de onde: criações, alterações, exclusões e acessos ao Origem."
      action={exportCsv}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void exportPerformanceCsv(list.filters)}
        >
          Desempenho dos analistas (CSV)
        </Button>
      }
      filters={
        <FilterBar list={list}>
          <AuditFilterFields />
        </FilterBar>
      }
    >
      <DataTable<AuditEntry>
        table={table}
        columns={auditColumns}
        rowKey="id"
        label="Registros de auditoria"
        emptyText="Nenhum registro de auditoria encontrado."
        emptyHint="As ações feitas no Origem aparecem aqui assim que acontecem."
        expandable={expandable}
        size="middle"
      />
    </ListPage>
  );
}
