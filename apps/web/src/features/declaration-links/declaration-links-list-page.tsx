import { CheckOutlined, CloseOutlined, LinkOutlined } from '@ant-design/icons';
import { declarationLinkFlow } from '@origem/contract/flows';
import {
  DECLARATION_LINK_SIDES,
  type DeclarationLink,
  declarationLinkListQuery,
} from '@origem/contract/schemas/declaration-links';
import { declarationConsultPath } from '@origem/contract/schemas/declarations';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { fetchAll } from '../../api/paging';
import { confirmAction } from '../../ui/confirm-dialog';
import { ACTIONS_KEY, DataTable } from '../../ui/data-table';
import { notifySuccess } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { flowStatusColumn } from '../../ui/flow-tag';
import { formatDate, formatNcm } from '../../ui/format';
import { ListPage, type PrimaryAction } from '../../ui/list-page';
import { MaskedInput } from '../../ui/masked-input';
import { PartyCell, TwoLineCell } from '../../ui/table-cells';
import { useListSearch } from '../../ui/use-list-search';
import {
  approveLink,
  DECLARATION_LINK_PATH,
  reproveLink,
  useDeclarationLinksTable,
  useRefreshLinks,
  withFallback,
} from './api/links';
import { LinkRequestDialog } from './link-request-dialog';

type FlowRef = { id: string; name: string };

/** GET /v2/declaration_link/declaration_link_flow: the statuses for the filter. */
function useLinkFlows() {
  const path = `${DECLARATION_LINK_PATH}/declaration_link_flow`;
  return useQuery({
    queryKey: ['options', path],
    queryFn: () => withFallback('fetchFlows', () => fetchAll<FlowRef>(path)),
    staleTime: 5 * 60_000,
  });
}

/**
 * /vinculo_declaracao: the links between exporters and the manufacturers whose declarations they cite (10 per
 * page, the reproved first). Approving opens the declaration; deleting marks the link Reprovado.
 */
export function DeclarationLinksListPage() {
  const navigate = useNavigate();
  const list = useListSearch(declarationLinkListQuery);
  const table = useDeclarationLinksTable(list);
  const refresh = useRefreshLinks();
  const flows = useLinkFlows();
  const [requesting, setRequesting] = useState(false);
  const request: PrimaryAction = {
    label: 'Solicitar vínculo',
    permission: 'declaration_link.manage',
    icon: <LinkOutlined aria-hidden />,
    onClick: () => setRequesting(true),
  };

  const approve = async (row: DeclarationLink) => {
    const confirmed = await confirmAction({
      title: `Aprovar o vínculo de ${row.exporter.name} à declaração nº ${row.declaration_id}?`,
      content: 'O exportador passa a poder citar esta declaração nos seus certificados.',
      okText: 'Aprovar',
    });
    if (!confirmed) return;
    const answer = await approveLink(row.id);
    await refresh();
    await notifySuccess(answer.message);
    // SPEC §4: the approval's answer names the declaration, whose page opens next.
    const page: string = `/declaracao/${answer.id}`;
    await navigate({ to: page });
  };

  const reprove = async (row: DeclarationLink) => {
    const action = declarationLinkFlow.actions.reprove;
    const confirmed = await confirmAction({
      title: `${action.label}: vínculo de ${row.exporter.name} à declaração nº ${row.declaration_id}`,
      content: action.confirm,
      okText: action.label,
      danger: true,
    });
    if (!confirmed) return;
    const answer = await reproveLink(row.id);
    await refresh();
    void notifySuccess(answer.message);
  };

  const columns: ColumnsType<DeclarationLink> = [
    { title: 'Exportador', key: 'exporter', render: (_, row) => <PartyCell party={row.exporter} /> },
    { title: 'Fabricante', key: 'manufacturer', render: (_, row) => <PartyCell party={row.manufacturer} /> },
    {
      title: 'Declaração',
      key: 'declaration',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={declarationConsultPath(row.declaration_id) as string}>
            Nº {row.declaration_id} — {row.declaration.product_name}
          </Link>
          <Typography.Text type="secondary">
            NCM {formatNcm(row.declaration.ncm)}
            {row.declaration.valid_until ? ` · válida até ${formatDate(row.declaration.valid_until)}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    flowStatusColumn(declarationLinkFlow),
    {
      title: 'Solicitado por',
      key: 'requested',
      render: (_, row) => (
        <TwoLineCell note={formatDate(row.created_at)}>
          <span>{DECLARATION_LINK_SIDES[row.requested_side]}</span>
        </TwoLineCell>
      ),
    },
    {
      title: 'Ações',
      key: ACTIONS_KEY,
      align: 'right',
      width: 220,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.actions.includes('approve') ? (
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              aria-label={`Aprovar o vínculo de ${row.exporter.name} à declaração nº ${row.declaration_id}`}
              onClick={() => void approve(row).catch(ignoreShownError)}
            >
              Aprovar
            </Button>
          ) : null}
          {row.actions.includes('reprove') ? (
            <Button
              size="small"
              danger
              icon={<CloseOutlined aria-hidden />}
              aria-label={`Reprovar o vínculo de ${row.exporter.name} à declaração nº ${row.declaration_id}`}
              onClick={() => void reprove(row).catch(ignoreShownError)}
            >
              Reprovar
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="Vínculos de declaração"
        hint="Os exportadores que citam declarações de um fabricante: pedidos, aprovados e reprovados (estes no topo)."
        action={request}
        filters={
          <FilterBar list={list}>
            <Form.Item name="declaration_link_flow_id" label="Situação">
              <Select
                allowClear
                placeholder="Todas"
                loading={flows.isPending}
                options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
              />
            </Form.Item>
            <Form.Item name="cnpj" label="CNPJ (exportador ou fabricante)">
              <MaskedInput mask="cnpj" allowClear />
            </Form.Item>
            <Form.Item name="name" label="Nome (exportador ou fabricante)">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="declaration_id" label="Nº da declaração">
              <InputNumber min={1} controls={false} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="ncm" label="NCM">
              <MaskedInput mask="ncm" allowClear />
            </Form.Item>
            <Form.Item name="denomination" label="Produto">
              <Input allowClear />
            </Form.Item>
          </FilterBar>
        }
      >
        <DataTable
          table={table}
          columns={columns}
          rowKey="id"
          scroll={{ x: 1000 }}
          label="Lista de vínculos de declaração"
          emptyText="Nenhum vínculo de declaração encontrado."
          emptyHint="Um exportador pede para citar a declaração aprovada de um fabricante; o fabricante ou a associação aprova."
        />
      </ListPage>
      <LinkRequestDialog open={requesting} onClose={() => setRequesting(false)} />
    </>
  );
}
