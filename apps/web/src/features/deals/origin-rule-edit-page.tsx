import { DeleteOutlined } from '@ant-design/icons';
import { DEAL_TEXTS, type OriginRule, originRuleInputSchema } from '@origem/contract/schemas/deals';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Card, Col, ConfigProvider, Input, Result, Row } from 'antd';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { confirmAction } from '../../ui/confirm-dialog';
import { showSuccessDialog } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useCreateOriginRule } from './api/create-origin-rule';
import { useDeleteOriginRule } from './api/delete-origin-rule';
import { useOriginRule } from './api/get-origin-rule';
import { useUpdateOriginRule } from './api/update-origin-rule';
import { DealSelect } from './deal-options';
import { RULES_PATH } from './deal-paths';

const NEW = 'novo';
const BACK = { to: RULES_PATH, label: 'Voltar para as regras' };

function OriginRuleForm({
  rule,
  dealId,
  readOnly,
}: {
  rule?: OriginRule;
  dealId?: number;
  readOnly: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateOriginRule();
  const update = useUpdateOriginRule();
  const form = useApiForm({
    schema: originRuleInputSchema,
    defaultValues: {
      deal_id: rule?.deal_id ?? dealId,
      code: rule?.code ?? '',
      description: rule?.description ?? '',
    },
    onSubmit: async (values) => {
      if (rule) await update.mutateAsync({ id: rule.id, input: values });
      else await create.mutateAsync(values);
      void showSuccessDialog(rule ? DEAL_TEXTS.rule.updated : DEAL_TEXTS.rule.created);
      await navigate({ to: RULES_PATH });
    },
  });
  return (
    <Card style={{ maxWidth: 880 }}>
      <ApiForm form={form} label={rule ? `Regra ${rule.code}` : 'Nova regra de origem'}>
        <ConfigProvider componentDisabled={readOnly}>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <FormField name="deal_id" label="Acordo">
                <DealSelect allowClear={false} />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField name="code" label="Código" help="Único no acordo (ex.: TO, ST, CR, RE).">
                <Input maxLength={20} autoComplete="off" />
              </FormField>
            </Col>
          </Row>
          <FormField name="description" label="Descrição">
            <Input.TextArea rows={5} maxLength={2000} showCount />
          </FormField>
        </ConfigProvider>
        {readOnly ? null : <FormActions onCancel={() => void navigate({ to: RULES_PATH })} />}
      </ApiForm>
    </Card>
  );
}

/** /regras-origem/$id ('novo' creates; `?deal_id=` preselects the deal). Admin and analista only (route table). */
export function OriginRuleEditPage() {
  const { raw, id } = useRouteId();
  const search = useSearch({ strict: false }) as { deal_id?: string };
  const navigate = useNavigate();
  const { can } = useSession();
  const canManage = can('origin_rule.manage');
  const creating = raw === NEW;
  const query = useOriginRule(creating ? null : id);
  const removal = useDeleteOriginRule();

  if (creating) {
    if (!canManage) {
      return (
        <Result
          status="403"
          title="Você não tem permissão para cadastrar regras de origem."
          extra={<Link to={RULES_PATH}>{BACK.label}</Link>}
        />
      );
    }
    const dealId = Number(search.deal_id);
    return (
      <>
        <PageHeader
          title="Nova regra de origem"
          hint="Informe o acordo, o código e a descrição do critério de origem."
          backTo={RULES_PATH}
        />
        <OriginRuleForm
          key={NEW}
          dealId={Number.isInteger(dealId) && dealId > 0 ? dealId : undefined}
          readOnly={false}
        />
      </>
    );
  }
  if (id === null) return <RecordNotFound subject="A regra de origem" back={BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando regra de origem" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="A regra de origem"
        what="a regra de origem"
        back={BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const rule = query.data;
  const remove = async () => {
    const confirmed = await confirmAction({
      title: `Excluir a regra ${rule.code} do acordo ${rule.deal.abbreviation}?`,
      content: 'Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await removal.mutateAsync(rule.id);
    void showSuccessDialog(answer.message);
    await navigate({ to: RULES_PATH, ignoreBlocker: true });
  };

  return (
    <>
      <PageHeader
        title={`Regra ${rule.code}`}
        hint={`${rule.deal.abbreviation} — ${rule.deal.name}`}
        backTo={RULES_PATH}
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
      <OriginRuleForm key={rule.id} rule={rule} readOnly={!canManage} />
    </>
  );
}
