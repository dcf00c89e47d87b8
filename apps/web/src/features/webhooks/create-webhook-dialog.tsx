import {
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookInput,
  webhookInputSchema,
} from '@origem/contract/schemas/webhooks';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { CheckboxList } from '../../ui/checkbox-list';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { ShownOnceSecret } from '../../ui/shown-once-secret';
import { useCreateWebhook } from './api/webhooks';

export const EVENT_OPTIONS = Object.entries(WEBHOOK_EVENTS).map(([value, label]) => ({ value, label }));

function CreateWebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateWebhook();
  const form = useApiForm<WebhookInput, WebhookInput>({
    schema: webhookInputSchema,
    defaultValues: { url: '', events: [] },
    warnOnLeave: false,
    onSubmit: async (values) => {
      const answer = await create.mutateAsync(values);
      onCreated(answer.secret);
    },
  });
  return (
    <ApiForm form={form} label="Novo webhook">
      <FormField
        name="url"
        label="Endereço (URL)"
        help="Um endereço https:// público do seu sistema, que responda 2xx em até 10 segundos."
      >
        <Input placeholder="https://erp.exemplo.com.br/origem/webhook" autoFocus />
      </FormField>
      <FormField name="events" label="Eventos">
        <CheckboxList label="Eventos" options={EVENT_OPTIONS} />
      </FormField>
      <FormActions submitLabel="Cadastrar" onCancel={onCancel} />
    </ApiForm>
  );
}

/** "Novo webhook": the form, then the signing secret shown once. */
export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={secret ? 'Webhook cadastrado' : 'Novo webhook'}
      onCancel={close}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={620}
    >
      {secret ? (
        <ShownOnceSecret
          label="Segredo de assinatura"
          value={secret}
          warning="Copie o segredo agora: ele não será mostrado novamente."
          onClose={close}
        >
          <Typography.Text type="secondary">
            Cada entrega traz o cabeçalho{' '}
            <Typography.Text code>{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</Typography.Text>; confira v1 =
            HMAC-SHA256(segredo, t + "." + corpo) antes de confiar nela.
          </Typography.Text>
        </ShownOnceSecret>
      ) : (
        <CreateWebhookForm onCreated={setSecret} onCancel={close} />
      )}
    </Modal>
  );
}
