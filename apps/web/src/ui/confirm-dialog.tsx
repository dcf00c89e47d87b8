import { Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { getModal } from './feedback';

export type ConfirmOptions = {
  title: string;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red confirm button for destructive actions (delete, reprove, cancel). */
  danger?: boolean;
};

/** Asks before a destructive or irreversible action. Resolves true on confirm, false on cancel. */
export function confirmAction({
  title,
  content,
  okText = 'Confirmar',
  cancelText = 'Cancelar',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    getModal().confirm({
      title,
      content,
      okText,
      cancelText,
      centered: true,
      okButtonProps: { danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export type ConfirmWithReasonOptions = ConfirmOptions & {
  /** Label of the reason field; defaults to "Motivo". */
  reasonLabel?: string;
  /** When true (default) the confirm button stays disabled until a reason is typed. */
  required?: boolean;
};

function ReasonField({
  label,
  description,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <div>
      {description ? <div style={{ marginBottom: 12 }}>{description}</div> : null}
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <Input.TextArea
        id={id}
        autoFocus
        rows={4}
        maxLength={1000}
        showCount
        value={value}
        style={{ marginTop: 4 }}
        onChange={(event) => {
          setValue(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/** Confirmation that also asks for a reason (reprove, cancel…). Resolves the trimmed reason, or null on cancel. */
export function confirmWithReason({
  title,
  content,
  okText = 'Confirmar',
  cancelText = 'Cancelar',
  danger = false,
  reasonLabel = 'Motivo',
  required = true,
}: ConfirmWithReasonOptions): Promise<string | null> {
  return new Promise((resolve) => {
    let reason = '';
    const handle = getModal().confirm({
      title,
      icon: null,
      width: 520,
      centered: true,
      okText,
      cancelText,
      okButtonProps: { danger, disabled: required },
      content: (
        <ReasonField
          label={reasonLabel}
          description={content}
          onChange={(value) => {
            reason = value;
            handle.update({ okButtonProps: { danger, disabled: required && value.trim() === '' } });
          }}
        />
      ),
      onOk: () => resolve(reason.trim()),
      onCancel: () => resolve(null),
    });
  });
}
