import type { PendencyView, TaxIdRefusal } from '@origem/contract/schemas/pre-registrations';
import { preRegistrationMessages } from '@origem/contract/schemas/pre-registrations';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { useRouteId } from '../../lib/use-route-id';
import { useSearchValues } from '../../lib/use-search-values';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, SubmitButton, useApiForm } from '../../ui/form';
import { formatDate } from '../../ui/format';
import { usePendency } from './api/get-pendency';
import { resubmitPreRegistration } from './api/submit-pre-registration';
import { ApplicantFields, isTaxIdRefusal, showTaxIdRefusal } from './applicant-fields';
import { applicantDefaults, applicantFormData, correctionSchema } from './applicant-form';
import { PublicFormCard } from './public-form-card';

export const pendencySearchSchema = z.object({
  token: z.string().trim().min(1).optional().catch(undefined),
});

/** /pre-cadastro-pendencia/$id?token= (public): the applicant reads the reason, corrects and resubmits. */
export function PreRegistrationPendencyPage() {
  const { id } = useRouteId();
  const { token } = useSearchValues(pendencySearchSchema);
  const query = usePendency(id, token);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <PublicFormCard>
        <Result status="success" title="Correções enviadas" subTitle={preRegistrationMessages.resubmitted} />
      </PublicFormCard>
    );
  }
  if (id === null || !token || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <PublicFormCard>
        <Result status="warning" title="Link inválido" subTitle={preRegistrationMessages.linkInvalid} />
      </PublicFormCard>
    );
  }
  if (query.isPending) {
    return (
      <PublicFormCard>
        <div role="status" aria-busy="true" aria-label="Carregando o pré-cadastro">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </PublicFormCard>
    );
  }
  if (query.isError) {
    return (
      <PublicFormCard>
        <Result
          status="warning"
          title="Não foi possível carregar o pré-cadastro."
          subTitle={query.error.message}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      </PublicFormCard>
    );
  }
  return <CorrectionForm stored={query.data} token={token} onDone={() => setDone(true)} />;
}

function CorrectionForm({
  stored,
  token,
  onDone,
}: {
  stored: PendencyView;
  token: string;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const form = useApiForm({
    schema: correctionSchema,
    defaultValues: applicantDefaults(stored),
    onSubmit: async (values) => {
      const response = await resubmitPreRegistration(stored.id, applicantFormData(values, { token }));
      if (isTaxIdRefusal(response.status)) {
        void showTaxIdRefusal(response.data as TaxIdRefusal);
        return false;
      }
      void notifySuccess(preRegistrationMessages.resubmitted);
      onDone();
    },
  });
  return (
    <PublicFormCard>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Pendência do pré-cadastro
      </Typography.Title>
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        title="A associação comercial pediu correções:"
        description={
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
              {stored.pendency_reason}
            </Typography.Paragraph>
            {stored.pendency_expires_at ? (
              <Typography.Text type="secondary">
                Este link vale até {formatDate(stored.pendency_expires_at)}.
              </Typography.Text>
            ) : null}
          </>
        }
      />
      <ApiForm form={form} label="Correções do pré-cadastro">
        <ApplicantFields currentFile={stored.social_contract} />
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => void navigate({ to: '/welcome' })}>Cancelar</Button>
          <SubmitButton size="large">Enviar correções</SubmitButton>
        </Flex>
      </ApiForm>
    </PublicFormCard>
  );
}
