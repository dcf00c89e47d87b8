import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { toast } from './feedback';

/**
 * A credential the server shows once (an API token, a webhook's signing secret): a warning, the value in a read-only
 * field with "Copiar", the closing button, and a hint on how to use it.
 */
export function ShownOnceSecret({
  label,
  value,
  warning,
  onClose,
  children,
}: {
  label: string;
  value: string;
  warning: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(value)
      .then(() => toast.success('Copiado.'))
      .catch(() => toast.error('Não foi possível copiar. Selecione o texto e copie.'));
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={warning} />
      <Input.TextArea aria-label={label} value={value} readOnly autoSize />
      <Flex gap={8} justify="flex-end">
        <Button icon={<CopyOutlined aria-hidden />} onClick={copy}>
          Copiar
        </Button>
        <Button type="primary" onClick={onClose}>
          Concluir
        </Button>
      </Flex>
      {children}
    </Flex>
  );
}
