import { AuditOutlined, EditOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { declarationFlow } from '@origem/contract/flows';
import { type DeclarationListItem, declarationListQuery } from '@origem/contract/schemas/declarations';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { FilterBar, PeriodFilters } from '../../ui/filter-bar';
import { flowStateOptions, flowStatusColumn } from '../../ui/flow-tag';
import { formatDate, formatNcm } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { MaskedInput } from '../../ui/masked-input';
import { PartyCell, TwoLineCell } from '../../ui/table-cells';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { useListSearch } from '../../ui/use-list-search';
import { downloadDeclarationPdf } from './api/declaration-documents';
import { useDeclarationsTable } from './api/declarations-table';
import { DECLARATION_SCREENS } from './api/keys';
import { exporterSource } from './api/options';
import { declarationScreenFor } from './declaration-rules';

const STATUS_OPTIONS = flowStateOptions(declarationFlow);

const NEW: PrimaryAction = {
  label: 'Nova declaração',
  permission: 'declaration.create',
  to: DECLARATION_SCREENS.edit('novo'),
};

/** A list of names in the address ('a,b') shows as the text typed. */
const namesText = (value: unknown) => ({ value: Array.isArray(value) ? value.join(', ') : value });

/**
 * /declaracao: the declarations the user reaches (SPEC §7 filters in the address, newest first), the status as the
 * flow's tag, and per row the screen this user works on it in (edit, analysis or read-only) and its PDF.
 */
export function DeclarationsListPage() {
  const navigate = useNavigate();
  const { user, can } = useSession();
  const list = useListSearch(declarationListQuery);
  const table = useDeclarationsTable(list);
  const emptyAction = usePrimaryAction(NEW);
  // An exporter's user sees its own (and the ones linked to it): the exporter column is for the others, and the
  // filter for those who may search the exporters.
  const showsExporter = !user?.exporter;
  const filtersExporter = showsExporter && can('exporter.view');

  const columns: ColumnsType<DeclarationListItem> = [
    { title: 'Nº', dataIndex: 'id', width: 80 },
    {
      title: 'Produto',
      key: 'product',
      render: (_, row) => (
        <TwoLineCell note={row.internal_product_code ? `Cód. ${row.internal_product_code}` : null}>
          <Link to={declarationScreenFor(user, row).to}>{row.product_name}</Link>
        </TwoLineCell>
      ),
    },
    { title: 'NCM', key: 'ncm', width: 110, render: (_, row) => formatNcm(row.ncm) },
    ...(showsExporter
      ? [
          {
            title: 'Exportador',
            key: 'exporter',
            render: (_: unknown, row: DeclarationListItem) => <PartyCell party={row.exporter} />,
          },
        ]
      : []),
    { title: 'Acordo', key: 'deal', width: 90, render: (_, row) => row.deal.abbreviation },
    flowStatusColumn(declarationFlow),
    { title: 'Criada em', key: 'created', width: 110, render: (_, row) => formatDate(row.created_at) },
    { title: 'Válida até', key: 'valid', width: 110, render: (_, row) => formatDate(row.valid_until, '—') },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      width: 110,
      render: (_, row) => {
        const screen = declarationScreenFor(user, row);
        const verb = screen.editable ? 'Editar' : screen.analyse ? 'Analisar' : 'Ver';
        const icon = screen.editable ? (
          <EditOutlined aria-hidden />
        ) : screen.analyse ? (
          <AuditOutlined aria-hidden />
        ) : (
          <EyeOutlined aria-hidden />
        );
        return (
          <Space size={4}>
            <Tooltip title={verb}>
              <Button
                type="text"
                icon={icon}
                aria-label={`${verb} a declaração nº ${row.id}`}
                onClick={() => void navigate({ to: screen.to })}
              />
            </Tooltip>
            <Tooltip title="Imprimir">
              <Button
                type="text"
                icon={<PrinterOutlined aria-hidden />}
                aria-label={`Imprimir a declaração nº ${row.id}`}
                onClick={() => void downloadDeclarationPdf(row.id).catch(ignoreShownError)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage
      title="Declarações"
      hint="Declarações de origem do produtor: cada uma prova a origem de um produto para os certificados que a citam."
      action={NEW}
      filters={
        <FilterBar list={list}>
          <Form.Item name="declaration_flow_id" label="Situação">
            <Select allowClear placeholder="Todas" options={STATUS_OPTIONS} />
          </Form.Item>
          {filtersExporter ? (
            <Form.Item name="exporter_id" label="Exportador">
              <TypeAheadSelect {...exporterSource} />
            </Form.Item>
          ) : null}
          <Form.Item name="declaration_id" label="Nº da declaração">
            <InputNumber min={1} controls={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="ncm" label="NCM">
            <MaskedInput mask="ncm" allowClear />
          </Form.Item>
          <Form.Item name="product_names_list" label="Nome do produto" getValueProps={namesText}>
            <Input allowClear placeholder="Um ou mais, separados por vírgula" />
          </Form.Item>
          <Form.Item name="internal_product_code" label="Código interno">
            <Input allowClear />
          </Form.Item>
          <PeriodFilters fromLabel="Criada de" toLabel="Criada até" />
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 1000 }}
        label="Lista de declarações"
        emptyText="Nenhuma declaração encontrada."
        emptyHint={
          emptyAction
            ? 'Cadastre a primeira em "Nova declaração".'
            : 'As declarações aparecem aqui quando um exportador ou fabricante as cadastra.'
        }
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
