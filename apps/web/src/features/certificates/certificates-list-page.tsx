import {
  EditOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import { CERTIFICATE_IMPORT_PATH } from '@origem/contract/schemas/certificate-imports';
import { type CertificateListItem, certificateListQuery } from '@origem/contract/schemas/certificates';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, Select, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { FilterBar, PeriodFilters } from '../../ui/filter-bar';
import { flowStateOptions, flowStatusColumn } from '../../ui/flow-tag';
import { formatDate, formatDateTime } from '../../ui/format';
import { ListPage, usePrimaryAction } from '../../ui/list-page';
import { TwoLineCell } from '../../ui/table-cells';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { useListSearch } from '../../ui/use-list-search';
import { DealSelect } from '../deals/deal-options';
import { useCertificatesTable } from './api/certificates-table';
import { CERTIFICATE_SCREENS } from './api/keys';
import {
  COMPANY_TYPES,
  type CompanyOption,
  companySource,
  exporterSource,
  type NamedOption,
} from './api/options';
import { useBulkSend } from './certificate-bulk-send';
import { screenFor } from './certificate-paths';
import { certificateTitle } from './certificate-sections';

const STATUS_OPTIONS = flowStateOptions(certificateFlow);
const ICONS = {
  Analisar: <FileSearchOutlined aria-hidden />,
  Editar: <EditOutlined aria-hidden />,
  Abrir: <FolderOpenOutlined aria-hidden />,
  Ver: <EyeOutlined aria-hidden />,
};
const NEW_CERTIFICATE = {
  label: 'Novo certificado',
  permission: 'certificate.create',
  to: CERTIFICATE_SCREENS.edit('novo'),
};

/** /certificado: the certificates the user reaches, latest flow step first (SPEC §9), filters in the URL. */
export function CertificatesListPage() {
  const list = useListSearch(certificateListQuery);
  const table = useCertificatesTable(list);
  const { can, user } = useSession();
  const navigate = useNavigate();
  const emptyAction = usePrimaryAction(NEW_CERTIFICATE);
  const ownExporter = user?.role.type === 'exportador';
  const bulkSend = useBulkSend();

  const columns: ColumnsType<CertificateListItem> = [
    {
      title: 'Certificado',
      key: 'number',
      render: (_, row) => (
        <TwoLineCell note={row.deal.abbreviation}>
          <Link to={screenFor(row, can).to}>{certificateTitle(row)}</Link>
        </TwoLineCell>
      ),
    },
    ...(ownExporter
      ? []
      : [
          {
            title: 'Exportador',
            key: 'exporter',
            render: (_: unknown, row: CertificateListItem) => row.exporter.name,
          },
        ]),
    {
      title: 'Importador',
      key: 'importer',
      render: (_, row) => (
        <TwoLineCell
          note={row.company_intervenor ? `Interveniente: ${row.company_intervenor.corporate_name}` : null}
        >
          <span>{row.company_importer.corporate_name}</span>
        </TwoLineCell>
      ),
    },
    {
      title: 'Fatura',
      key: 'invoice',
      render: (_, row) => (
        <TwoLineCell note={formatDate(row.invoice_date)}>
          <span>{row.invoice_number}</span>
        </TwoLineCell>
      ),
    },
    // Where each certificate stands stays in sight on a 1024 px laptop: pinned beside the actions while the
    // parties and the invoice scroll.
    { ...flowStatusColumn<CertificateListItem>(certificateFlow), fixed: 'right' },
    {
      title: 'Último passo',
      key: 'last_step_at',
      fixed: 'right',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.last_step_at)}</span>,
    },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      width: 80,
      render: (_, row) => {
        const target = screenFor(row, can);
        return (
          <Tooltip title={target.verb}>
            <Button
              type="text"
              icon={ICONS[target.verb]}
              aria-label={`${target.verb} ${certificateTitle(row)}`}
              onClick={() => void navigate({ to: target.to })}
            />
          </Tooltip>
        );
      },
    },
  ];

  return (
    <ListPage
      title="Certificados"
      hint="Certificados de origem, um por fatura comercial: do rascunho à emissão, cancelamento ou substituição."
      action={NEW_CERTIFICATE}
      extra={
        can('certificate.import') ? (
          <Button
            icon={<UploadOutlined aria-hidden />}
            onClick={() => void navigate({ to: CERTIFICATE_IMPORT_PATH })}
          >
            Importar certificados
          </Button>
        ) : null
      }
      filters={
        <FilterBar list={list}>
          <Form.Item name="certificate_flow_id" label="Situação">
            <Select allowClear placeholder="Todas" options={STATUS_OPTIONS} />
          </Form.Item>
          {ownExporter ? null : (
            <Form.Item name="exporter_id" label="Exportador">
              <TypeAheadSelect<NamedOption> {...exporterSource} style={{ minWidth: 240 }} />
            </Form.Item>
          )}
          <Form.Item name="invoice_number" label="Nº da fatura">
            <Input allowClear maxLength={60} placeholder="Início do número" />
          </Form.Item>
          <Form.Item name="importer_id" label="Importador">
            <TypeAheadSelect<CompanyOption>
              {...companySource(COMPANY_TYPES.importer)}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          <Form.Item name="intervenor_id" label="Interveniente">
            <TypeAheadSelect<CompanyOption>
              {...companySource(COMPANY_TYPES.intervenor)}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          <Form.Item name="deal_id" label="Acordo">
            <DealSelect style={{ minWidth: 180 }} />
          </Form.Item>
          <PeriodFilters fromLabel="Criado de" toLabel="até" />
        </FilterBar>
      }
    >
      {bulkSend.toolbar}
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        rowSelection={bulkSend.rowSelection}
        scroll={{ x: 960 }}
        label="Lista de certificados"
        emptyText="Nenhum certificado encontrado."
        emptyHint={
          emptyAction
            ? 'Comece pelo "Novo certificado": uma fatura comercial, seus itens e as declarações que eles citam.'
            : 'Os certificados aparecem aqui quando os exportadores os enviam.'
        }
        emptyAction={emptyAction}
      />
      {bulkSend.dialog}
    </ListPage>
  );
}
