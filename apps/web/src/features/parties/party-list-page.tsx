import {
  type PartyListSearch,
  type PartyRecord,
  partyListSearch,
} from '@origem/contract/schemas/party-records';
import { Link, useNavigate } from '@tanstack/react-router';
import { Form, Input, Select, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { DataTable } from '../../ui/data-table';
import { FilterBar, TaxIdFilters } from '../../ui/filter-bar';
import { formatDate, formatTaxId } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RemoteSelect } from '../../ui/remote-select';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteParty } from './api/delete-party';
import { usePartiesTable } from './api/get-parties';
import { useRemoveParty } from './party-delete';
import type { PartyKindView } from './party-kind';

type AssociationOption = { id: number; name: string; abbreviation: string | null };
const associationOption = (a: AssociationOption) => ({
  value: a.id,
  label: a.abbreviation ? `${a.abbreviation} — ${a.name}` : a.name,
});

const ASSOCIATED_OPTIONS = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
];

/** /exportadores and /despachantes: one list for both kinds, server-scoped, filters and page in the URL. */
export function PartyListPage({ view }: { view: PartyKindView }) {
  const navigate = useNavigate();
  const { user, can } = useSession();
  const list = useListSearch<PartyListSearch>(partyListSearch);
  const table = usePartiesTable(view, list);
  const action: PrimaryAction = {
    label: view.newLabel,
    permission: view.manage,
    to: view.detailRoute.replace('$id', 'novo'),
  };
  const emptyAction = usePrimaryAction(action);
  const removal = useDeleteParty(view);
  const remove = useRemoveParty(view, (id) => removal.mutateAsync(id));
  const manages = can(view.manage);
  const isParty = user?.exporter != null || user?.dispatcher != null;
  const staff = !isParty && can('entity.view');
  const trashed = list.search.excluidos;
  const open = (row: PartyRecord) => void navigate({ to: view.detailRoute, params: { id: String(row.id) } });

  const columns: ColumnsType<PartyRecord> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={view.detailRoute} params={{ id: String(row.id) }}>
            {name}
          </Link>
          {row.trade_name ? <span style={{ color: 'rgba(0,0,0,0.55)' }}>{row.trade_name}</span> : null}
        </Space>
      ),
    },
    {
      title: 'CPF/CNPJ',
      key: 'tax_id',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatTaxId(row.cnpj ?? row.cpf, '—')}</span>
      ),
    },
    {
      title: 'Associação',
      key: 'association',
      render: (_, row) => row.trade_association.abbreviation ?? row.trade_association.name,
    },
    {
      title: 'Associado',
      dataIndex: 'associated',
      key: 'associated',
      render: (associated: boolean) => (associated ? <Tag color="blue">Associado</Tag> : '—'),
    },
    {
      title: 'Cidade/UF',
      key: 'city',
      render: (_, row) => [row.city, row.state].filter(Boolean).join('/') || '—',
    },
    ...(trashed
      ? [
          {
            title: 'Situação',
            key: 'deleted_at',
            render: (_: unknown, row: PartyRecord) =>
              row.deleted_at ? (
                <Tag color="error">{`Excluído em ${formatDate(row.deleted_at)}`}</Tag>
              ) : (
                <Tag color="success">Ativo</Tag>
              ),
          },
        ]
      : []),
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => {
        const editable = manages && !row.deleted_at;
        return (
          <RowActions
            name={row.name}
            onOpen={() => open(row)}
            editable={editable}
            onDelete={editable ? () => remove(row) : undefined}
          />
        );
      },
    },
  ];

  return (
    <ListPage
      title={view.plural}
      hint={view.hint}
      action={action}
      extra={
        isParty ? undefined : (
          <Space>
            <Switch
              id={`${view.kind}-excluidos`}
              checked={trashed}
              onChange={(checked) => list.applyFilters({ ...list.filters, excluidos: checked || undefined })}
            />
            <label htmlFor={`${view.kind}-excluidos`}>Mostrar excluídos</label>
          </Space>
        )
      }
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear />
          </Form.Item>
          <TaxIdFilters />
          {staff ? (
            <Form.Item name="trade_association_id" label="Associação">
              <RemoteSelect<AssociationOption>
                path="/v1/trade_association/all"
                toOption={associationOption}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            name="associated"
            label="Associado"
            getValueProps={(v) => ({ value: v === undefined ? undefined : String(v) })}
          >
            <Select allowClear placeholder="Todos" options={ASSOCIATED_OPTIONS} />
          </Form.Item>
          <Form.Item name="excluidos" hidden>
            <Input />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label={`Lista de ${view.plural.toLowerCase()}`}
        emptyText={`Nenhum ${view.singular.toLowerCase()} encontrado.`}
        emptyHint={
          emptyAction
            ? `Cadastre o primeiro em "${view.newLabel}".`
            : view.kind === 'exporter' && user?.dispatcher
              ? 'Os exportadores aparecem aqui quando um vínculo deles com você for aprovado.'
              : undefined
        }
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
