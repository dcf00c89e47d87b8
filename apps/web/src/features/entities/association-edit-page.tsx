import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { Divider, Table } from 'antd';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { formatCnpj, formatMoney, formatPhone } from '../../ui/format';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { associationUserLabel } from './api/association-user-source';
import { useAssociation } from './api/get-association';
import { useDealOptions } from './api/list-deal-options';
import { ASSOCIATIONS_PATH, AssociationForm } from './association-form';
import { addressText, EntityDetails, orDash } from './entity-details';
import { feeRows } from './entity-form-values';
import { canCreateOrDelete, canManageEntities } from './entity-rules';
import { ProtectedLogo } from './protected-logo';

const back = { to: ASSOCIATIONS_PATH, label: 'Voltar para as associações' };

function AssociationDetails({ association }: { association: AssociationDetail }) {
  return (
    <EntityDetails
      title={association.name}
      backTo={ASSOCIATIONS_PATH}
      heading="Dados da associação comercial"
      items={[
        { key: 'name', label: 'Nome', children: association.name, span: 2 },
        { key: 'abbreviation', label: 'Sigla', children: orDash(association.abbreviation) },
        { key: 'ehid', label: 'EHId', children: orDash(association.ehid) },
        { key: 'cnpj', label: 'CNPJ', children: orDash(association.cnpj && formatCnpj(association.cnpj)) },
        { key: 'federation', label: 'Federação', children: orDash(association.federation?.name) },
        {
          key: 'user',
          label: 'Usuário da associação',
          children: orDash(association.user && associationUserLabel(association.user)),
        },
        { key: 'email', label: 'E-mail', children: orDash(association.email) },
        { key: 'phone', label: 'Telefone', children: orDash(formatPhone(association.phone)) },
        { key: 'address', label: 'Endereço', children: orDash(addressText(association)), span: 2 },
        { key: 'notes', label: 'Observações', children: orDash(association.notes), span: 2 },
        {
          key: 'logo',
          label: 'Logo',
          span: 2,
          children: association.logo ? (
            <ProtectedLogo
              url={association.logo.url}
              alt={`Logo da ${association.name}`}
              style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }}
            />
          ) : (
            '—'
          ),
        },
      ]}
    >
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
    </EntityDetails>
  );
}

/** /associacoes/$id: `novo` creates; a number edits (read-only without entity.manage), with the fee table. */
export function AssociationEditPage() {
  const { raw, id } = useRouteId();
  const { user } = useSession();
  const creating = raw === 'novo';
  const manage = canManageEntities(user);
  const query = useAssociation(creating ? null : id);
  const deals = useDealOptions();

  if (creating && !canCreateOrDelete(user, 'association')) {
    return (
      <RecordForbidden title="Você não tem permissão para cadastrar associações comerciais." back={back} />
    );
  }
  if (!creating && id === null) return <RecordNotFound back={back} />;
  if (!creating && query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        what="a associação"
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  if ((!creating && query.isPending) || (manage && deals.isPending)) {
    return <RecordLoading label="Carregando associação comercial" />;
  }
  const association = creating ? undefined : query.data;
  if (association && !manage) return <AssociationDetails association={association} />;
  return (
    <AssociationForm
      key={association?.id ?? 'novo'}
      association={association}
      fees={feeRows(deals.data ?? [], association?.fees ?? [])}
      dealsFailed={deals.isError}
    />
  );
}
