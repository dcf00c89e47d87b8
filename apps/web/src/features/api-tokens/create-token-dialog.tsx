import { type ApiTokenCreate, apiTokenCreateSchema } from '@origem/contract/schemas/api-tokens';
import { Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { CheckboxList } from '../../ui/checkbox-list';
import { DateInput } from '../../ui/date-input';
import { dayjs } from '../../ui/dayjs';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { ShownOnceSecret } from '../../ui/shown-once-secret';
import { useCreateToken, useTokenScopes } from './api/api-tokens';

const inDays = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: string) => void;
  onCancel: () => void;
}) {
  const scopes = useTokenScopes();
  const create = useCreateToken();
  const form = useApiForm<ApiTokenCreate, ApiTokenCreate>({
    schema: apiTokenCreateSchema,
    defaultValues: { name: '', expires_on: inDays(90), scopes: [], password: '' },
    warnOnLeave: false,
    onSubmit: async (values) => {
      const answer = await create.mutateAsync(values);
      onCreated(answer.token);
    },
  });
  const options = (scopes.data?.data ?? []).map((scope) => ({
    value: scope.name,
    label: `${scope.group}: ${scope.label}`,
  }));
  return (
    <ApiForm form={form} label="Novo token de API">
      <FormField name="name" label="Nome" help="Para reconhecer o token depois, ex.: ERP da matriz.">
        <Input maxLength={100} autoFocus />
      </FormField>
      <FormField name="expires_on" label="Válido até" help="No máximo um ano a partir de hoje.">
        <DateInput
          disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(365, 'day'))}
        />
      </FormField>
      <FormField name="scopes" label="Escopos" help="O token só poderá fazer o que estes escopos permitem.">
        {scopes.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <CheckboxList label="Escopos" options={options} />
        )}
      </FormField>
      <FormField name="password" label="Sua senha" help="Confirme a sua senha para criar o token.">
        <Input.Password autoComplete="current-password" />
      </FormField>
      {scopes.data?.second_factor ? (
        <FormField
          name="code"
          label="Código de verificação"
          help="O código de 6 dígitos do aplicativo autenticador (ou um código de recuperação)."
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={40} />
        </FormField>
      ) : null}
      <FormActions submitLabel="Criar token" onCancel={onCancel} />
    </ApiForm>
  );
}

/** The token, once: closing the dialog forgets it. */
function CreatedToken({ token, onClose }: { token: string; onClose: () => void }) {
  return (
    <ShownOnceSecret
      label="Token de API criado"
      value={token}
      warning="Copie o token agora: ele não será mostrado novamente."
      onClose={onClose}
    >
      <Typography.Text type="secondary">
        Use-o no cabeçalho <Typography.Text code>Authorization: Bearer …</Typography.Text> das chamadas à API
        (veja a referência em /docs).
      </Typography.Text>
    </ShownOnceSecret>
  );
}

/** "Novo token": the form, then the token shown once. */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [token, setToken] = useState<string | null>(null);
  const close = () => {
    setToken(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={token ? 'Token criado' : 'Novo token de API'}
      onCancel={close}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={620}
    >
      {token ? (
        <CreatedToken token={token} onClose={close} />
      ) : (
        <CreateTokenForm onCreated={setToken} onCancel={close} />
      )}
    </Modal>
  );
}
