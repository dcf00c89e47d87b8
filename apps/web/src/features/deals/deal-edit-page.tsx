import { DeleteOutlined } from '@ant-design/icons';
import type { DealDetail } from '@origem/contract/schemas/deals';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Result, Space, Tag, Typography } from 'antd';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { confirmAction } from '../../ui/confirm-dialog';
import { showSuccessDialog } from '../../ui/feedback';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useDeleteDeal } from './api/delete-deal';
import { useDeal } from './api/get-deal';
import { DealForm } from './deal-form';
import { DEALS_PATH, RULES_PATH } from './deal-paths';

const NEW = 'novo';
const BACK = { to: DEALS_PATH, label: 'Voltar para os acordos' };

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
          <Link to={RULES_PATH} search={{ deal_id: deal.id } as never}>
            {rules}
          </Link>
        ) : (
          rules
        )}
      </Typography.Text>
      <Typography.Text>
        Modelo de certificado:{' '}
        {deal.certificate_model ? (
          <Link to={`/cadastros/modelos-certificado/${deal.id}`}>{deal.certificate_model.name}</Link>
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

/** /acordos/$id ('novo' creates): the deal's data, partner countries and origin norms, all editable here. */
export function DealEditPage() {
  const { raw, id } = useRouteId();
  const navigate = useNavigate();
  const { can } = useSession();
  const creating = raw === NEW;
  const query = useDeal(creating ? null : id);
  const removal = useDeleteDeal();
  const canManage = can('reference_data.manage');

  if (creating) {
    if (!canManage) {
      return (
        <Result
          status="403"
          title="Você não tem permissão para cadastrar acordos."
          extra={<Link to={DEALS_PATH}>Voltar para os acordos</Link>}
        />
      );
    }
    return (
      <>
        <PageHeader
          title="Novo acordo"
          hint="Cadastre o acordo, os países parceiros e as normas de origem."
          backTo={DEALS_PATH}
        />
        <DealForm key={NEW} />
      </>
    );
  }
  if (id === null) return <RecordNotFound subject="O acordo" back={BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando acordo" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O acordo"
        what="o acordo"
        back={BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const deal = query.data;
  const remove = async () => {
    const confirmed = await confirmAction({
      title: `Excluir o acordo ${deal.abbreviation}?`,
      content:
        'Só é possível excluir um acordo sem normas, regras, modelo de certificado nem taxas vinculadas.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await removal.mutateAsync(deal.id);
    void showSuccessDialog(answer.message);
    await navigate({ to: DEALS_PATH, ignoreBlocker: true });
  };

  return (
    <>
      <PageHeader
        title={deal.abbreviation}
        hint={deal.name}
        tags={<DealTags deal={deal} />}
        backTo={DEALS_PATH}
        extra={
          canManage ? (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => void remove().catch(ignoreShownError)}
            >
              Excluir
            </Button>
          ) : undefined
        }
      />
      <DealLinks deal={deal} />
      {/* A new key gives a fresh form when the address switches from one deal to another. */}
      <DealForm key={deal.id} deal={deal} readOnly={!canManage} />
    </>
  );
}
