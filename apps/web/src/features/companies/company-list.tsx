import { PlusOutlined } from '@ant-design/icons';
import {
  COMPANY_TYPE,
  COMPANY_TYPE_IDS,
  COMPANY_TYPE_LABEL,
  type Company,
  type CompanyTypeId,
  companySearchQuery,
} from '@origem/contract/schemas/companies';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { formatCnpj } from '../../ui/format';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteCompany } from './api/delete-company';
import { downloadSocialContract } from './api/download-social-contract';
import { useCompaniesTable } from './api/get-companies';
import { useIsStaff } from './company-form';
import { COMPANY_LISTS, type CompanyListKind, formPathOf, NEW_COMPANY } from './company-paths';

const TYPE_COLOR: Record<CompanyTypeId, string> = { 1: 'blue', 2: 'green', 3: 'purple' };
const TYPE_OPTIONS = COMPANY_TYPE_IDS.map((id) => ({ value: id, label: COMPANY_TYPE_LABEL[id] }));
const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The "Novo …" action of one type. */
function useNewAction(type: CompanyTypeId): PrimaryAction {
  const navigate = useNavigate();
  const target = NEW_COMPANY[type];
  return {
    label: target.label,
    permission: 'company.manage',
    onClick: () => void navigate({ href: target.href }),
  };
}

/**
 * /empresas, /importadores, /consignatarios and /fabricantes: one list, the per-type ones with the type fixed
 * (GET /v2/company, corporate name ascending, filters and order in the URL).
 */
export function CompanyList({ kind }: { kind: CompanyListKind }) {
  const config = COMPANY_LISTS[kind];
  const { can } = useSession();
  const staff = useIsStaff();
  const canManage = can('company.manage');
  const list = useListSearch(companySearchQuery);
  const table = useCompaniesTable(list, config.type);
  const removal = useDeleteCompany();
  const primary = useNewAction(config.type ?? COMPANY_TYPE.importer);
  const newManufacturer = useNewAction(COMPANY_TYPE.manufacturer);
  const action: PrimaryAction = config.type
    ? primary
    : { ...primary, label: 'Novo importador ou consignatário' };
  const emptyAction = usePrimaryAction(action);

  const remove = (company: Company) =>
    confirmDeletion(
      {
        title: `Excluir a empresa ${company.corporate_name}?`,
        content: 'A empresa e o seu contrato social serão apagados. Esta ação não pode ser desfeita.',
      },
      async () => (await removal.mutateAsync(company.id)).message,
    );

  const columns: ColumnsType<Company> = [
    {
      title: 'Razão social',
      dataIndex: 'corporate_name',
      key: 'corporate_name',
      sorter: true,
      // The other columns have fixed widths: without a floor the name would be squeezed to a letter per line.
      onCell: () => ({ style: { minWidth: 240 } }),
      onHeaderCell: () => ({ style: { minWidth: 240 } }),
      render: (name: string, company) => (
        <Space orientation="vertical" size={0}>
          <Link to={formPathOf(company.company_type_id, company.id)} style={{ fontWeight: 500 }}>
            {name}
          </Link>
          {company.trade_name ? (
            <Typography.Text type="secondary">{company.trade_name}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    ...(config.type
      ? []
      : [
          {
            title: 'Tipo',
            dataIndex: 'company_type_id',
            key: 'company_type_id',
            sorter: true,
            width: 130,
            render: (type: CompanyTypeId) => <Tag color={TYPE_COLOR[type]}>{COMPANY_TYPE_LABEL[type]}</Tag>,
          },
        ]),
    {
      title: 'CNPJ / Id. fiscal',
      dataIndex: 'cnpj',
      key: 'cnpj',
      sorter: true,
      width: 190,
      render: (cnpj: string | null, company) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {cnpj ? formatCnpj(cnpj) : (company.foreign_tax_id ?? dash)}
        </span>
      ),
    },
    {
      title: 'País',
      dataIndex: 'country',
      key: 'country',
      sorter: true,
      width: 140,
      render: (country: Company['country']) => country.name,
    },
    {
      title: 'Cidade',
      dataIndex: 'city',
      key: 'city',
      sorter: true,
      width: 180,
      render: (city: string | null, company) =>
        city ? [city, company.state].filter(Boolean).join(' / ') : dash,
    },
    ...(staff
      ? [
          {
            title: 'Cadastro de',
            key: 'owner',
            width: 220,
            render: (_: unknown, company: Company) =>
              company.exporter?.name ?? company.dispatcher?.name ?? dash,
          },
        ]
      : []),
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      fixed: 'right',
      width: 132,
      render: (_: unknown, company) => (
        <RowActions
          name={company.corporate_name}
          to={formPathOf(company.company_type_id, company.id)}
          editable={canManage}
          download={
            company.social_contract
              ? { label: 'contrato social', run: () => downloadSocialContract(company.id) }
              : undefined
          }
          onDelete={canManage ? () => remove(company) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={config.title}
      hint={config.hint}
      action={action}
      extra={
        // The full list creates both kinds: manufacturers have their own form.
        !config.type && canManage ? (
          <Button icon={<PlusOutlined aria-hidden />} onClick={newManufacturer.onClick}>
            {newManufacturer.label}
          </Button>
        ) : undefined
      }
      filters={
        <FilterBar list={list}>
          <Form.Item name="corporate_name" label="Razão social">
            <Input allowClear />
          </Form.Item>
          {config.type ? null : (
            <Form.Item name="company_type_id" label="Tipo">
              <Select allowClear placeholder="Todos" options={TYPE_OPTIONS} style={{ minWidth: 160 }} />
            </Form.Item>
          )}
          <Form.Item name="cnpj" label="CNPJ / Id. fiscal">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="city" label="Cidade">
            <Input allowClear />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 1240 }}
        label={config.label}
        emptyText={config.empty}
        emptyHint={emptyAction ? `Cadastre a primeira em "${action.label}".` : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
