import { requiredChoice } from '@origem/contract/schemas/fields';
import type { PartyOption } from '@origem/contract/schemas/party-records';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Card, Typography } from 'antd';
import { z } from 'zod';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { formatNameWithTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { requestLink } from './api/act-on-link';
import { linkKeys } from './api/keys';
import { LINK_LIST_ROUTES, type LinkSide, linkSideOf } from './link-side';

/** What the two request screens (SPEC §2) differ in: who asks, whom, and where the counterparts come from. */
type RequestView = {
  side: LinkSide;
  title: string;
  hint: string;
  /** The counterparts of the user's association without an active link with it (`…/all_not_bind?name`). */
  optionsPath: string;
  label: string;
  schema: RequestSchema;
};

const toOption = (row: PartyOption) => ({ value: row.id, label: formatNameWithTaxId(row) });

const requestSchema = (choose: string) => z.object({ counterpart_id: requiredChoice(choose) });
type RequestSchema = ReturnType<typeof requestSchema>;

const VIEWS: Record<LinkSide, RequestView> = {
  dispatcher: {
    side: 'dispatcher',
    title: 'Solicitar vínculo com exportador',
    hint: 'Aprovado o vínculo, você passa a ver e a agir pelos registros do exportador: empresas, responsáveis legais, declarações e certificados.',
    optionsPath: '/v1/dispatcher/all_not_bind',
    label: 'Exportador',
    schema: requestSchema('Escolha o exportador.'),
  },
  exporter: {
    side: 'exporter',
    title: 'Solicitar vínculo com despachante',
    hint: 'Aprovado o vínculo, o despachante passa a ver e a agir pelos registros da sua empresa: empresas, responsáveis legais, declarações e certificados.',
    optionsPath: '/v1/exporter/all_not_bind',
    label: 'Despachante',
    schema: requestSchema('Escolha o despachante.'),
  },
};

/** The request form: one type-ahead over the counterparts not yet linked, then the spec's success text. */
function LinkRequestPage({ view }: { view: RequestView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const back = LINK_LIST_ROUTES[view.side];
  const form = useApiForm({
    schema: view.schema,
    defaultValues: { counterpart_id: undefined },
    onSubmit: async (values) => {
      const answer = await requestLink(view.side, values.counterpart_id);
      form.reset({ counterpart_id: undefined });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: linkKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['type-ahead', view.optionsPath] }),
      ]);
      await notifySuccess(answer.message);
      await navigate({ to: back });
    },
  });

  if (linkSideOf(user) !== view.side) {
    return (
      <>
        <PageHeader title={view.title} backTo="/" />
        <Alert
          type="info"
          showIcon
          title={`Esta tela é do ${view.side === 'dispatcher' ? 'despachante' : 'exportador'}.`}
          description="Só um usuário ligado a um cadastro desse tipo pede vínculos por aqui."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={view.title} hint={view.hint} backTo={back} />
      <Card style={{ maxWidth: 720 }}>
        <ApiForm form={form} label={view.title}>
          <FormField
            name="counterpart_id"
            label={view.label}
            help="Só aparecem os da sua associação que ainda não têm vínculo ativo com você. Digite parte do nome ou do CPF/CNPJ."
          >
            <TypeAheadSelect<PartyOption>
              path={view.optionsPath}
              searchParam="name"
              placeholder="Digite o nome ou o CPF/CNPJ"
              toOption={toOption}
            />
          </FormField>
          <Typography.Paragraph type="secondary">
            A outra parte recebe um e-mail e aprova ou reprova; ela também pode enviar a solicitação para a
            análise da associação comercial.
          </Typography.Paragraph>
          <FormActions submitLabel="Solicitar vínculo" onCancel={() => void navigate({ to: back })} />
        </ApiForm>
      </Card>
    </>
  );
}

/** /vinculo/solicita-exportador: the dispatcher asks an exporter. */
export function RequestExporterLinkPage() {
  return <LinkRequestPage view={VIEWS.dispatcher} />;
}

/** /vinculo/solicita-despachante: the exporter asks a dispatcher. */
export function RequestDispatcherLinkPage() {
  return <LinkRequestPage view={VIEWS.exporter} />;
}
