import { DeleteOutlined } from '@ant-design/icons';
import { DEAL_TEXTS, type OriginNorm, originNormInputSchema } from '@origem/contract/schemas/deals';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Card, ConfigProvider, Input, Result } from 'antd';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { confirmAction } from '../../ui/confirm-dialog';
import { showSuccessDialog } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useCreateOriginNorm } from './api/create-origin-norm';
import { useDeleteOriginNorm } from './api/delete-origin-norm';
import { useOriginNorm } from './api/get-origin-norm';
import { useUpdateOriginNorm } from './api/update-origin-norm';
import { DealSelect } from './deal-options';
import { NORMS_PATH } from './deal-paths';

const NEW = 'novo';
const BACK = { to: NORMS_PATH, label: 'Voltar para as normas' };

function OriginNormForm({
  norm,
  dealId,
  readOnly,
}: {
  norm?: OriginNorm;
  dealId?: number;
  readOnly: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateOriginNorm();
  const update = useUpdateOriginNorm();
  const form = useApiForm({
    schema: originNormInputSchema,
    defaultValues: {
      deal_id: norm?.deal_id ?? dealId,
      name: norm?.name ?? '',
      legal_text: norm?.legal_text ?? '',
    },
    onSubmit: async (values) => {
      if (norm) await update.mutateAsync({ id: norm.id, input: values });
      else await create.mutateAsync(values);
      void showSuccessDialog(norm ? DEAL_TEXTS.norm.updated : DEAL_TEXTS.norm.created);
      await navigate({ to: NORMS_PATH });
    },
  });
  return (
    <Card style={{ maxWidth: 880 }}>
      <ApiForm form={form} label={norm ? `Norma ${norm.name}` : 'Nova norma de origem'}>
        <ConfigProvider componentDisabled={readOnly}>
          <FormField name="deal_id" label="Acordo">
            <DealSelect allowClear={false} />
          </FormField>
          <FormField name="name" label="Nome">
            <Input maxLength={255} autoComplete="off" autoFocus={!norm && !readOnly} />
          </FormField>
          <FormField
            name="legal_text"
            label="Texto legal"
            help="Dispositivo legal impresso nos itens do certificado (ex.: Decisão CMC nº 01/09, Art. 3º)."
          >
            <Input.TextArea rows={6} maxLength={10_000} showCount />
          </FormField>
        </ConfigProvider>
        {readOnly ? null : <FormActions onCancel={() => void navigate({ to: NORMS_PATH })} />}
      </ApiForm>
    </Card>
  );
}

/** /normas-origem/$id ('novo' creates; `?deal_id=` preselects the deal). */
export function OriginNormEditPage() {
  const { raw, id } = useRouteId();
  const search = useSearch({ strict: false }) as { deal_id?: string };
  const navigate = useNavigate();
  const { can } = useSession();
  const canManage = can('reference_data.manage');
  const creating = raw === NEW;
  const query = useOriginNorm(creating ? null : id);
  const removal = useDeleteOriginNorm();

  if (creating) {
    if (!canManage) {
      return (
        <Result
          status="403"
          title="Você não tem permissão para cadastrar normas de origem."
          extra={<Link to={NORMS_PATH}>{BACK.label}</Link>}
        />
      );
    }
    const dealId = Number(search.deal_id);
    return (
      <>
        <PageHeader
          title="Nova norma de origem"
          hint="Informe o acordo, o nome e o texto legal da norma."
          backTo={NORMS_PATH}
        />
        <OriginNormForm
          key={NEW}
          dealId={Number.isInteger(dealId) && dealId > 0 ? dealId : undefined}
          readOnly={false}
        />
      </>
    );
  }
  if (id === null) return <RecordNotFound subject="A norma de origem" back={BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando norma de origem" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="A norma de origem"
        what="a norma de origem"
        back={BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const norm = query.data;
  const remove = async () => {
    const confirmed = await confirmAction({
      title: `Excluir a norma "${norm.name}"?`,
      content: `Ela deixa de ser oferecida nos certificados do acordo ${norm.deal.abbreviation}.`,
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await removal.mutateAsync(norm.id);
    void showSuccessDialog(answer.message);
    await navigate({ to: NORMS_PATH, ignoreBlocker: true });
  };

  return (
    <>
      <PageHeader
        title={norm.name}
        hint={`${norm.deal.abbreviation} — ${norm.deal.name}`}
        backTo={NORMS_PATH}
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
      <OriginNormForm key={norm.id} norm={norm} readOnly={!canManage} />
    </>
  );
}
