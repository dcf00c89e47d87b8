import { EyeOutlined } from '@ant-design/icons';
import { dispatcherLinkFlow } from '@origem/contract/flows';
import {
  type DispatcherLink,
  dispatcherLinkListQuery,
  dispatcherLinkSideQuery,
  LINK_SIDES,
} from '@origem/contract/schemas/dispatcher-links';
import { useNavigate } from '@tanstack/react-router';
import { Button, Form, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { z } from 'zod';
import { useSession } from '../../lib/session';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { FilterBar, TaxIdFilters } from '../../ui/filter-bar';
import { flowStateOptions, flowStatusColumn } from '../../ui/flow-tag';
import { formatDate } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RemoteSelect } from '../../ui/remote-select';
import { PartyCell, TwoLineCell } from '../../ui/table-cells';
import { useListSearch } from '../../ui/use-list-search';
import { DISPATCHER_SIDE_PATH, EXPORTER_SIDE_PATH, LINK_PATH } from './api/keys';
import { useLinksTable } from './api/links-table';
import { LinkRowDeletion } from './link-actions';
import { linkSideOf } from './link-side';

/** What the three link lists (SPEC §2) differ in; the table, filters and row actions are one. */
type LinkListView = {
  path: string;
  schema: z.ZodType<Record<string, unknown>>;
  title: string;
  hint: string;
  /** The column of the other side (or both, in the combined list). */
  shows: { exporter: boolean; dispatcher: boolean };
  /** What the CPF/CNPJ filters find. */
  taxIdOf: string;
  request?: { label: string; to: string };
};

const VIEWS = {
  dispatcher: {
    path: `${DISPATCHER_SIDE_PATH}/link`,
    schema: dispatcherLinkSideQuery,
    title: 'Vínculos do despachante',
    hint: 'Os exportadores pelos quais o despachante pode agir e as solicitações em andamento. Para excluir um vínculo aprovado, um lado solicita e o outro confirma.',
    shows: { exporter: true, dispatcher: false },
    taxIdOf: 'do exportador',
    request: { label: 'Solicitar vínculo com exportador', to: '/vinculo/solicita-exportador' },
  },
  exporter: {
    path: `${EXPORTER_SIDE_PATH}/link`,
    schema: dispatcherLinkSideQuery,
    title: 'Vínculos do exportador',
    hint: 'Os despachantes que podem agir pela sua empresa e as solicitações em andamento. Para excluir um vínculo aprovado, um lado solicita e o outro confirma.',
    shows: { exporter: false, dispatcher: true },
    taxIdOf: 'do despachante',
    request: { label: 'Solicitar vínculo com despachante', to: '/vinculo/solicita-despachante' },
  },
  combined: {
    path: LINK_PATH,
    schema: dispatcherLinkListQuery,
    title: 'Vínculos despachante-exportador',
    hint: 'Quem pode agir por quem: os vínculos entre despachantes e exportadores das associações.',
    shows: { exporter: true, dispatcher: true },
    taxIdOf: 'do exportador ou do despachante',
  },
} satisfies Record<string, LinkListView>;

const STATUS_OPTIONS = flowStateOptions(dispatcherLinkFlow);
type AssociationOption = { id: number; name: string; abbreviation: string | null };

/** The list of one view: filters and page in the URL, status as the flow's tag, the deletion steps in each row. */
function LinksListPage({ view }: { view: LinkListView }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const side = linkSideOf(user);
  const list = useListSearch(view.schema);
  const table = useLinksTable(view.path, list);
  const request: PrimaryAction | undefined =
    view.request && side !== 'staff' ? { ...view.request, permission: 'link.request' } : undefined;
  const emptyAction = usePrimaryAction(request);
  const analysis = (row: DispatcherLink) => `/vinculo/analise-vinculo/${row.id}`;
  const name = (row: DispatcherLink) => `${row.exporter.name} — ${row.dispatcher.name}`;

  const columns: ColumnsType<DispatcherLink> = [
    ...(view.shows.exporter
      ? [
          {
            title: 'Exportador',
            key: 'exporter',
            render: (_: unknown, row: DispatcherLink) => <PartyCell party={row.exporter} />,
          },
        ]
      : []),
    ...(view.shows.dispatcher
      ? [
          {
            title: 'Despachante',
            key: 'dispatcher',
            render: (_: unknown, row: DispatcherLink) => <PartyCell party={row.dispatcher} />,
          },
        ]
      : []),
    ...(side === 'staff'
      ? [
          {
            title: 'Associação',
            key: 'association',
            render: (_: unknown, row: DispatcherLink) => row.trade_association.name,
          },
        ]
      : []),
    flowStatusColumn(dispatcherLinkFlow),
    {
      title: 'Solicitado por',
      key: 'requested_by',
      render: (_, row) => (
        <TwoLineCell note={formatDate(row.created_at)}>
          <span>{LINK_SIDES[row.requested_by]}</span>
        </TwoLineCell>
      ),
    },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      // Room for the open icon and one deletion step's button.
      width: 210,
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title="Abrir">
            <Button
              type="text"
              icon={<EyeOutlined aria-hidden />}
              aria-label={`Abrir o vínculo ${name(row)}`}
              onClick={() => void navigate({ to: analysis(row) })}
            />
          </Tooltip>
          <LinkRowDeletion link={row} side={side} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={view.title}
      hint={view.hint}
      action={request}
      filters={
        <FilterBar list={list}>
          <Form.Item name="status" label="Situação">
            <Select allowClear placeholder="Todas, menos as excluídas" options={STATUS_OPTIONS} />
          </Form.Item>
          {side === 'staff' ? (
            <Form.Item name="trade_association_id" label="Associação">
              <RemoteSelect<AssociationOption>
                path="/v1/trade_association/all"
                toOption={(a) => ({
                  value: a.id,
                  label: a.abbreviation ? `${a.abbreviation} — ${a.name}` : a.name,
                })}
              />
            </Form.Item>
          ) : null}
          <TaxIdFilters whose={view.taxIdOf} />
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label={`Lista de ${view.title.toLowerCase()}`}
        emptyText="Nenhum vínculo encontrado."
        emptyHint={
          emptyAction
            ? `Peça o primeiro em "${view.request?.label}".`
            : 'Os vínculos aparecem aqui quando um exportador ou um despachante os solicita.'
        }
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}

/** /vinculo/lista-vinculos-despachante: the dispatcher's links (an administrator sees every link here). */
export function DispatcherLinksListPage() {
  return <LinksListPage view={VIEWS.dispatcher} />;
}

/** /vinculo/lista-vinculos-exportador: the exporter's links. */
export function ExporterLinksListPage() {
  return <LinksListPage view={VIEWS.exporter} />;
}

/** /vinculo/lista-vinculos-despachante-exportador: every link the staff reach. */
export function CombinedLinksListPage() {
  return <LinksListPage view={VIEWS.combined} />;
}
