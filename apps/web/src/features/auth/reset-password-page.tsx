import { SpecialStatus } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { newPassword } from '@origem/contract/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Flex, Input, Spin } from 'antd';
import { z } from 'zod';
import { sessionStore, useSession } from '../../lib/session';
import { useSearchValues } from '../../lib/use-search-values';
import { notifySuccess, showErrorDialog } from '../../ui/feedback';
import { ApiForm, FormField, SubmitButton, useApiForm } from '../../ui/form';
import { checkResetLink, resetPassword, saveNewPassword } from './api/passwords';
import { AuthCard } from './auth-card';
import { resetPasswordSearchSchema } from './auth-search';

const PASSWORD_HINT = 'Ao menos 8 caracteres, com letras e números.';
const MISMATCH = 'As senhas não conferem.';
const confirmation = z.string().min(1, messages.field.required);

const resetSchema = z
  .object({ new_password: newPassword, confirmation })
  .refine((v) => v.new_password === v.confirmation, { message: MISMATCH, path: ['confirmation'] });

const changeSchema = z
  .object({ password: z.string().min(1, messages.field.required), new_password: newPassword, confirmation })
  .refine((v) => v.new_password === v.confirmation, { message: MISMATCH, path: ['confirmation'] });

/** A link that no longer works: said as soon as it opens, with the way to get a new one. */
function InvalidLink() {
  return (
    <AuthCard title="Link inválido">
      <Alert type="warning" showIcon title={messages.auth.resetInvalid} />
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/esqueceu-senha">Solicitar um novo link</Link>
      </Flex>
    </AuthCard>
  );
}

/**
 * Mode 1: the e-mailed link (?token=) sets a new password without signing in. The link is checked first: a used,
 * expired or replaced one says so at once instead of after the new password is typed twice.
 */
function ResetWithToken({ token }: { token: string }) {
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (link.isPending) {
    return (
      <AuthCard title="Redefinir senha">
        <Flex justify="center" role="status" aria-label="Verificando o link">
          <Spin />
        </Flex>
      </AuthCard>
    );
  }
  // A check that could not be made (network) leaves the form: the save gives the definitive answer.
  if (link.data === false) return <InvalidLink />;
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useApiForm({
    schema: resetSchema,
    defaultValues: { new_password: '', confirmation: '' },
    warnOnLeave: false,
    onSubmit: async (values) => {
      await resetPassword(token, values.new_password);
      await navigate({ to: '/login', search: { senha: 'redefinida' } });
    },
  });
  return (
    <AuthCard title="Redefinir senha" hint="Escolha a nova senha de acesso ao Origem.">
      <ApiForm form={form} label="Redefinir senha" submitOnEnter>
        <FormField name="new_password" label="Nova senha" help={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" autoFocus />
        </FormField>
        <FormField name="confirmation" label="Confirmação de senha">
          <Input.Password autoComplete="new-password" />
        </FormField>
        <SubmitButton block size="large">
          Salvar nova senha
        </SubmitButton>
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Link to="/esqueceu-senha">Solicitar um novo link</Link>
        </Flex>
      </ApiForm>
    </AuthCard>
  );
}

/** Mode 2: a signed-in user changes the password (forced after login when change_password is set). */
function ChangePassword() {
  const navigate = useNavigate();
  const { user } = useSession();
  const forced = user?.change_password === true;
  const form = useApiForm({
    schema: changeSchema,
    defaultValues: { password: '', new_password: '', confirmation: '' },
    onSubmit: async (values, api) => {
      const response = await saveNewPassword(values.password, values.new_password);
      if (response.status === SpecialStatus.WrongCurrentPassword) {
        api.setServerError('password', messages.auth.wrongCurrentPassword);
        return false;
      }
      if (response.status !== SpecialStatus.NoContent) {
        void showErrorDialog(messages.genericError);
        return false;
      }
      const current = sessionStore.getUser();
      if (current) sessionStore.setUser({ ...current, change_password: false });
      // The dialog belongs to the app, not the page: it stays open over the home screen until OK.
      void notifySuccess(messages.auth.passwordChanged);
      await navigate({ to: '/' });
    },
  });

  return (
    <AuthCard
      title="Alterar senha"
      hint={forced ? undefined : 'Informe a senha atual e escolha a nova senha.'}
    >
      {forced ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Por segurança, defina uma nova senha para continuar."
        />
      ) : null}
      <ApiForm form={form} label="Alterar senha" submitOnEnter>
        <FormField name="password" label="Senha atual">
          <Input.Password autoComplete="current-password" autoFocus />
        </FormField>
        <FormField name="new_password" label="Nova senha" help={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" />
        </FormField>
        <FormField name="confirmation" label="Confirmação de senha">
          <Input.Password autoComplete="new-password" />
        </FormField>
        <Flex gap={8} justify="flex-end">
          {forced ? null : <Button onClick={() => void navigate({ to: '/' })}>Cancelar</Button>}
          <SubmitButton>Salvar</SubmitButton>
        </Flex>
      </ApiForm>
    </AuthCard>
  );
}

/** /redefinir-senha: with ?token= the public reset; without it, the signed-in password change. */
export function ResetPasswordPage() {
  const { token } = useSearchValues(resetPasswordSearchSchema);
  const { isSignedIn } = useSession();
  if (token) return <ResetWithToken token={token} />;
  if (isSignedIn) return <ChangePassword />;
  return <InvalidLink />;
}
