import {
  type CloudProvider,
  type CloudProviderCreate,
  type CloudProviderUpdate,
  cloudProviderCreateSchema,
  cloudProviderUpdateSchema,
} from '@origem/contract/schemas/cloud-signature';
import { Input, Modal } from 'antd';
import type { z } from 'zod';
import { toast } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { useSaveProvider } from './api/providers';

type Values = z.input<typeof cloudProviderCreateSchema>;

function ProviderForm({ editing, onDone }: { editing: CloudProvider | null; onDone: () => void }) {
  const save = useSaveProvider(editing?.id ?? null);
  const form = useApiForm<Values, CloudProviderCreate | CloudProviderUpdate>({
    // An edit may leave the secret blank: the stored one stays.
    schema: (editing ? cloudProviderUpdateSchema : cloudProviderCreateSchema) as z.ZodType<
      CloudProviderCreate | CloudProviderUpdate,
      Values
    >,
    defaultValues: {
      name: editing?.name ?? '',
      base_url: editing?.base_url ?? '',
      client_id: editing?.client_id ?? '',
      client_secret: '',
    },
    warnOnLeave: false,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync(values);
      toast.success(answer.message);
      onDone();
    },
  });
  return (
    <ApiForm
      form={form}
      label={editing ? `Alterar o provedor ${editing.name}` : 'Novo provedor de assinatura em nuvem'}
    >
      <FormField
        name="name"
        label="Nome"
        help="Como os signatários o verão na tela de assinatura (ex.: BirdID, VIDaaS, NeoID)."
      >
        <Input autoFocus maxLength={80} />
      </FormField>
      <FormField
        name="base_url"
        label="Endereço base da API (até /v0)"
        help="O endereço que o manual do provedor dá para a versão v0 da API, ex.: https://api.provedor.com.br/v0."
      >
        <Input placeholder="https://api.provedor.com.br/v0" maxLength={500} />
      </FormField>
      <FormField
        name="client_id"
        label="Client ID"
        help="A identificação da aplicação que o provedor deu ao cadastrar o Origem."
      >
        <Input maxLength={200} autoComplete="off" />
      </FormField>
      <FormField
        name="client_secret"
        label="Client secret"
        required={!editing}
        help={
          editing
            ? 'Deixe em branco para manter o segredo guardado. O segredo nunca é mostrado de novo.'
            : 'Guardado cifrado no servidor e nunca mostrado de novo.'
        }
      >
        <Input.Password autoComplete="new-password" maxLength={500} />
      </FormField>
      <FormActions submitLabel={editing ? 'Salvar' : 'Cadastrar'} onCancel={onDone} />
    </ApiForm>
  );
}

/** "Novo provedor" / "Alterar": the provider's name, /v0 base, OAuth client id and secret. */
export function ProviderDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: CloudProvider | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={editing ? `Alterar ${editing.name}` : 'Novo provedor de assinatura em nuvem'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={620}
    >
      <ProviderForm key={editing?.id ?? 'novo'} editing={editing} onDone={onClose} />
    </Modal>
  );
}
