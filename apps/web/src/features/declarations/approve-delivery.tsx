import { declarationFlow } from '@origem/contract/flows';
import { approveDeliverySchema, type Declaration } from '@origem/contract/schemas/declarations';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../ui/feedback';
import { RemoteSelect } from '../../ui/remote-select';
import { actOnDeclaration } from './api/act-on-declaration';
import { DELIVERY_LOCATION_OPTIONS_PATH, type NamedOption, namedOption } from './api/options';
import { useRefreshDeclarations } from './declaration-detail';

const action = declarationFlow.actions.approve_delivery;

/**
 * The approval by delivery: the analyst picks where the signed paper declaration was delivered
 * (/v1/delivery_location) and confirms. Shown only when the server allows it.
 */
export function ApproveDeliveryButton({ declaration }: { declaration: Declaration }) {
  const refresh = useRefreshDeclarations();
  const [open, setOpen] = useState(false);
  const [location, setLocation] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!declaration.actions.includes('approve_delivery')) return null;

  const submit = async () => {
    const parsed = approveDeliverySchema.safeParse({ delivery_location_id: location });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSending(true);
    try {
      const answer = await actOnDeclaration(declaration.id, 'approve_delivery', {
        deliveryLocationId: parsed.data.delivery_location_id,
      });
      setOpen(false);
      void notifySuccess(action.success ?? answer.message ?? '');
      await refresh();
    } catch (failure) {
      if (isApiError(failure) && failure.errors.delivery_location_id) {
        failure.markHandled();
        setError(failure.errors.delivery_location_id.join(' '));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button type="primary" block onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <Modal
        open={open}
        title={`${action.label}: declaração nº ${declaration.id}`}
        okText={action.label}
        cancelText="Cancelar"
        confirmLoading={sending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        centered
      >
        <Typography.Paragraph>{action.confirm}</Typography.Paragraph>
        <label htmlFor="delivery-location" style={{ display: 'block', marginBottom: 4 }}>
          Local de entrega
        </label>
        <RemoteSelect<NamedOption>
          id="delivery-location"
          style={{ width: '100%' }}
          path={DELIVERY_LOCATION_OPTIONS_PATH}
          toOption={namedOption}
          value={location}
          status={error ? 'error' : undefined}
          aria-describedby={error ? 'delivery-location-error' : undefined}
          onChange={(value: number | undefined) => {
            setLocation(value);
            setError(null);
          }}
        />
        {error ? (
          <Typography.Text id="delivery-location-error" type="danger">
            {error}
          </Typography.Text>
        ) : null}
      </Modal>
    </>
  );
}
