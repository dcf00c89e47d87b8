import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Flex, Input } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { useSearchValues } from '../../lib/use-search-values';
import { ApiForm, FormField, SubmitButton, useApiForm } from '../../ui/form';
import { signIn } from './api/sign-in';
import { AuthCard } from './auth-card';

/** Why the user landed on /login: a session that expired (401) or a password just reset. */
export const loginSearchSchema = z.object({
  sessao: z.literal('expirada').optional().catch(undefined),
  senha: z.literal('redefinida').optional().catch(undefined),
});

const loginSchema = z.object({
  email: z.string().trim().min(1, messages.field.required).email(messages.field.email),
  password: z.string().min(1, messages.field.required),
});

type Failure = { message: string; blocked: boolean };

export function LoginPage() {
  const navigate = useNavigate();
  const search = useSearchValues(loginSearchSchema);
  const [failure, setFailure] = useState<Failure | null>(null);

  const form = useApiForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    warnOnLeave: false,
    fieldAliases: { username: 'email' },
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const user = await signIn(values.email, values.password);
        await navigate({ to: user.change_password ? '/redefinir-senha' : '/' });
      } catch (error) {
        if (isApiError(error) && !error.isValidation) {
          // 401: wrong credentials or a locked account — the server's message says which (SPEC §8).
          const blocked = error.status === 401;
          setFailure({
            blocked,
            message: error.message || (blocked ? messages.auth.blockedUser : messages.genericError),
          });
          return false;
        }
        throw error;
      }
    },
  });

  return (
    <AuthCard title="Entrar no Origem" hint="Use o e-mail e a senha cadastrados.">
      <Flex vertical gap={12} style={{ marginBottom: 8 }}>
        {search.senha === 'redefinida' && !failure ? (
          <Alert type="success" showIcon title="Senha redefinida com sucesso. Entre com a nova senha." />
        ) : null}
        {search.sessao === 'expirada' && !failure ? (
          <Alert type="warning" showIcon title={messages.unauthenticated} />
        ) : null}
        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            icon={failure.blocked ? <LockOutlined /> : undefined}
            title={failure.message}
          />
        ) : null}
      </Flex>
      <ApiForm form={form} label="Entrar">
        <FormField name="email" label="E-mail">
          <Input type="email" autoComplete="username" prefix={<MailOutlined aria-hidden />} autoFocus />
        </FormField>
        <FormField name="password" label="Senha">
          <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
        </FormField>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/esqueceu-senha">Esqueceu a senha?</Link>
        </Flex>
        <SubmitButton block size="large">
          Entrar
        </SubmitButton>
      </ApiForm>
    </AuthCard>
  );
}
