import { MailOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Input, Result } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { ApiForm, FormField, SubmitButton, useApiForm } from '../../ui/form';
import { sendNewPassword } from './api/passwords';
import { AuthCard } from './auth-card';

const schema = z.object({
  email: z.string().trim().min(1, messages.field.required).email(messages.field.email),
});

/** Asks for a reset link. The answer is the same whether or not the e-mail is registered. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const form = useApiForm({
    schema,
    defaultValues: { email: '' },
    warnOnLeave: false,
    onSubmit: async (values) => {
      try {
        await sendNewPassword(values.email);
      } catch (error) {
        // An unknown e-mail gets the same answer as a known one, whatever the server says about it.
        if (!(isApiError(error) && error.status === 404)) throw error;
        error.markHandled();
      }
      setSent(true);
    },
  });

  if (sent) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <Result
          status="success"
          style={{ padding: '8px 0' }}
          subTitle={messages.auth.resetRequested}
          extra={
            <Button type="primary" onClick={() => void navigate({ to: '/login' })}>
              Voltar para o login
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Esqueceu a senha?"
      hint="Informe o e-mail cadastrado. Enviaremos um link para você definir uma nova senha."
    >
      <ApiForm form={form} label="Recuperar senha" submitOnEnter>
        <FormField name="email" label="E-mail">
          <Input type="email" autoComplete="email" prefix={<MailOutlined aria-hidden />} autoFocus />
        </FormField>
        <SubmitButton block size="large">
          Enviar link
        </SubmitButton>
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Link to="/login">Voltar para o login</Link>
        </Flex>
      </ApiForm>
    </AuthCard>
  );
}
