import type { TaxIdRefusal } from '@origem/contract/schemas/pre-registrations';
import { preRegistrationMessages } from '@origem/contract/schemas/pre-registrations';
import { useNavigate } from '@tanstack/react-router';
import { Button, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { ApiForm, SubmitButton, useApiForm } from '../../ui/form';
import { createPreRegistration } from './api/submit-pre-registration';
import { ApplicantFields, isTaxIdRefusal, showTaxIdRefusal } from './applicant-fields';
import { applicantDefaults, applicantFormData, signUpSchema } from './applicant-form';
import { PublicFormCard } from './public-form-card';

/** /pre-cadastro (public, DOMAIN.md §7): an exporter or dispatcher asks to join; the association analyses it. */
export function PreRegistrationFormPage() {
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  const navigate = useNavigate();
  if (sent) {
    return (
      <PublicFormCard>
        <Result
          status="success"
          title="Pré-cadastro enviado"
          subTitle={preRegistrationMessages.created}
          extra={[
            <Button key="home" type="primary" onClick={() => void navigate({ to: '/welcome' })}>
              Voltar para o início
            </Button>,
            <Button
              key="again"
              onClick={() => {
                setRound((n) => n + 1);
                setSent(false);
              }}
            >
              Fazer outro pré-cadastro
            </Button>,
          ]}
        />
      </PublicFormCard>
    );
  }
  return <SignUpForm key={round} onSent={() => setSent(true)} />;
}

function SignUpForm({ onSent }: { onSent: () => void }) {
  const form = useApiForm({
    schema: signUpSchema,
    defaultValues: applicantDefaults(),
    onSubmit: async (values) => {
      const response = await createPreRegistration(applicantFormData(values));
      if (isTaxIdRefusal(response.status)) {
        void showTaxIdRefusal(response.data as TaxIdRefusal);
        return false;
      }
      onSent();
    },
  });
  return (
    <PublicFormCard>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Pré-cadastro
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Exportadores e despachantes pedem aqui o acesso ao Origem. A associação comercial escolhida analisa os
        dados e responde por e-mail.
      </Typography.Paragraph>
      <ApiForm form={form} label="Dados do pré-cadastro">
        <ApplicantFields />
        <Flex justify="flex-end">
          <SubmitButton size="large">Enviar pré-cadastro</SubmitButton>
        </Flex>
      </ApiForm>
    </PublicFormCard>
  );
}
