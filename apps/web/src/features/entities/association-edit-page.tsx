import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { entityMessages } from '@origem/contract/schemas/entities';
import { Divider, Input, Table } from 'antd';
import type { z } from 'zod';
import { formatMoney } from '../../ui/format';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import {
  type AssociationUserOption,
  associationUserLabel,
  associationUserSource,
} from './api/association-user-source';
import { associationsApi } from './api/entity-api';
import { type DealOption, useDealOptions } from './api/list-deal-options';
import { DETAILS_LOGO_STYLE, detailItems, orDash } from './entity-details';
import { EntityEditPage } from './entity-edit-page';
import {
  abbreviationField,
  cnpjField,
  emailField,
  half,
  logoField,
  nameField,
  optionField,
  phoneField,
} from './entity-fields';
import {
  type AssociationFormValues,
  associationDefaults,
  associationFormSchema,
  feeRows,
} from './entity-form-values';
import type { EntityPageKind } from './entity-page-kind';
import { ASSOCIATIONS_PATH } from './entity-paths';
import { FeeTable } from './fee-table';
import { withLogoFile } from './form-data';
import { ProtectedLogo } from './protected-logo';

/** The deals, one fee row each; a failure leaves the fees already set and a warning (dealsFailed). */
export type AssociationExtras = { deals: readonly DealOption[]; dealsFailed: boolean };

function useDealExtras(): { isPending: boolean; data: AssociationExtras } {
  const deals = useDealOptions();
  return { isPending: deals.isPending, data: { deals: deals.data ?? [], dealsFailed: deals.isError } };
}

function FeesList({ association }: { association: AssociationDetail }) {
  return (
    <>
      <Divider titlePlacement="start">Taxas por acordo</Divider>
      <Table
        size="small"
        rowKey="deal_id"
        pagination={false}
        dataSource={association.fees}
        aria-label="Taxas por acordo"
        locale={{ emptyText: 'Nenhuma taxa cadastrada.' }}
        columns={[
          { title: 'Acordo', key: 'deal', render: (_, fee) => `${fee.deal_abbreviation} — ${fee.deal_name}` },
          {
            title: 'Associado',
            dataIndex: 'member_fee',
            align: 'right',
            render: (v: string) => formatMoney(v),
          },
          {
            title: 'Não associado',
            dataIndex: 'non_member_fee',
            align: 'right',
            render: (v: string) => formatMoney(v),
          },
        ]}
      />
    </>
  );
}

/**
 * The association's screen (the issuing entity): its EHId, user, notes, logo and fee table per deal, saved
 * together in one multipart request.
 */
export const associationPage: EntityPageKind<
  AssociationDetail,
  AssociationFormValues,
  z.output<typeof associationFormSchema>,
  AssociationExtras
> = {
  creators: 'association',
  api: associationsApi,
  listPath: ASSOCIATIONS_PATH,
  texts: {
    newTitle: 'Nova associação comercial',
    newHint: 'Cadastre uma associação comercial (entidade emissora), sua logo e suas taxas por acordo.',
    heading: 'Dados da associação comercial',
    noun: 'a associação',
    deletionNote: 'A tabela de taxas da associação também será excluída. Esta ação não pode ser desfeita.',
    created: entityMessages.association.created,
    updated: entityMessages.association.updated,
    loading: 'Carregando associação comercial',
    forbidden: 'Você não tem permissão para cadastrar associações comerciais.',
    back: 'Voltar para as associações',
  },
  hint: (association) =>
    [association.ehid && `EHId ${association.ehid}`, association.federation?.name]
      .filter(Boolean)
      .join(' · '),
  schema: associationFormSchema,
  defaults: (association, { deals }) =>
    associationDefaults(association, feeRows(deals, association?.fees ?? [])),
  body: withLogoFile,
  useExtras: useDealExtras,
  fields: [
    nameField({ xs: 24, md: 14 }),
    abbreviationField({ xs: 12, md: 5 }),
    {
      name: 'ehid',
      label: 'EHId',
      help: 'Código ALADI: 3 letras ou dígitos.',
      col: { xs: 12, md: 5 },
      input: () => (
        <Input
          maxLength={3}
          autoComplete="off"
          style={{ textTransform: 'uppercase', fontFamily: 'monospace' }}
        />
      ),
    },
    cnpjField,
    optionField('federation_id', 'Federação', '/v1/federation/all'),
    {
      name: 'user_id',
      label: 'Usuário da associação',
      help: 'Um dos usuários desta associação, o responsável por ela no Origem.',
      col: half,
      shown: (association) => association !== undefined,
      input: (association) => (
        <TypeAheadSelect<AssociationUserOption>
          {...associationUserSource(association?.id ?? 0)}
          allowClear
          selected={
            association?.user
              ? { value: association.user.id, label: associationUserLabel(association.user) }
              : null
          }
        />
      ),
    },
    emailField,
    phoneField('phone', 'Telefone', half),
  ],
  addressFields: [
    {
      name: 'notes',
      label: 'Observações',
      input: () => <Input.TextArea rows={3} maxLength={2000} showCount />,
    },
  ],
  logo: logoField('Logo da associação', 'Aparece nos certificados e declarações impressos.'),
  sections: ({ dealsFailed }) => (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 32 }}>
        Taxas por acordo
      </Divider>
      <FeeTable dealsFailed={dealsFailed} />
    </>
  ),
  details: (association) => [
    detailItems.name(association),
    detailItems.abbreviation(association),
    { key: 'ehid', label: 'EHId', children: orDash(association.ehid) },
    detailItems.cnpj(association),
    { key: 'federation', label: 'Federação', children: orDash(association.federation?.name) },
    {
      key: 'user',
      label: 'Usuário da associação',
      children: orDash(association.user && associationUserLabel(association.user)),
    },
    detailItems.email(association),
    detailItems.phone(association),
    detailItems.address(association),
    { key: 'notes', label: 'Observações', children: orDash(association.notes), span: 2 },
    detailItems.logo(
      association.logo ? (
        <ProtectedLogo
          url={association.logo.url}
          alt={`Logo da ${association.name}`}
          style={DETAILS_LOGO_STYLE}
        />
      ) : (
        '—'
      ),
    ),
  ],
  detailsExtra: (association) => <FeesList association={association} />,
};

/** /associacoes/$id. */
export function AssociationEditPage() {
  return <EntityEditPage kind={associationPage} />;
}
