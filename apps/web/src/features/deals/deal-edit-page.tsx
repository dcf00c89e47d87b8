import type { DealDetail } from '@origem/contract/schemas/deals';
import { Link } from '@tanstack/react-router';
import { Space, Tag, Typography } from 'antd';
import { useSession } from '../../lib/session';
import { NEW_RECORD, type RecordEditKind, RecordEditPage } from '../../ui/record-edit-page';
import { useDeleteDeal } from './api/delete-deal';
import { useDeal } from './api/get-deal';
import { DealForm } from './deal-form';
import { DEALS_PATH, RULES_PATH } from './deal-paths';

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('pt-BR')} ${many}`;
}

/** What else hangs on the deal: its origin rules and its certificate model, with links where the user may go. */
function DealLinks({ deal }: { deal: DealDetail }) {
  const { can, hasRole } = useSession();
  const rules = count(deal.rules_count, 'regra de origem', 'regras de origem');
  const seeRules = can('origin_rule.view') && hasRole('admin', 'analista');
  return (
    <Space size="large" wrap style={{ marginBottom: 16 }}>
      <Typography.Text>
        {seeRules ? (
          <Link to={RULES_PATH} search={{ deal_id: deal.id }}>
            {rules}
          </Link>
        ) : (
          rules
        )}
      </Typography.Text>
      <Typography.Text>
        Modelo de certificado:{' '}
        {deal.certificate_model ? (
          <Link to="/cadastros/modelos-certificado/$dealId" params={{ dealId: String(deal.id) }}>
            {deal.certificate_model.name}
          </Link>
        ) : (
          <Typography.Text type="secondary">nenhum</Typography.Text>
        )}
      </Typography.Text>
    </Space>
  );
}

function DealTags({ deal }: { deal: DealDetail }) {
  return (
    <>
      {deal.accepts_digital ? <Tag color="green">COD</Tag> : null}
      {deal.active ? null : <Tag>Inativo</Tag>}
    </>
  );
}

const dealKind: RecordEditKind<DealDetail> = {
  back: { to: DEALS_PATH, label: 'Voltar para os acordos' },
  subject: 'O acordo',
  what: 'o acordo',
  loading: 'Carregando acordo',
  permission: 'reference_data.manage',
  useRecord: useDeal,
  useRemove: useDeleteDeal,
  creating: {
    forbidden: 'Você não tem permissão para cadastrar acordos.',
    title: 'Novo acordo',
    hint: 'Cadastre o acordo, os países parceiros e as normas de origem.',
  },
  header: (deal) => ({ title: deal.abbreviation, hint: deal.name, tags: <DealTags deal={deal} /> }),
  confirmRemoval: (deal) => ({
    title: `Excluir o acordo ${deal.abbreviation}?`,
    content:
      'Só é possível excluir um acordo sem normas, regras, modelo de certificado nem taxas vinculadas.',
  }),
};

/** /acordos/$id ('novo' creates): the deal's data, partner countries and origin norms, all editable here. */
export function DealEditPage() {
  return (
    <RecordEditPage
      kind={dealKind}
      renderNew={() => <DealForm key={NEW_RECORD} />}
      renderRecord={(deal, readOnly) => (
        <>
          <DealLinks deal={deal} />
          {/* A new key gives a fresh form when the address switches from one deal to another. */}
          <DealForm key={deal.id} deal={deal} readOnly={readOnly} />
        </>
      )}
    />
  );
}
