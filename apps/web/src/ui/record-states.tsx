import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { isApiError } from '../api/api-error';

/** Where the state screens lead back to, e.g. `{ to: '/acordos', label: 'Voltar para os acordos' }`. */
export type Back = { to: string; label: string };

/** The loading, not-found, no-permission and failure states every edit screen shows instead of its form. */

/** Skeleton of an edit screen while its record loads. */
export function RecordLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} style={{ maxWidth: 1040 }}>
      <Skeleton active title={{ width: 280 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  );
}

/** `subject`: 'O acordo', 'A norma de origem'… (default 'O cadastro'). */
export function RecordNotFound({ subject = 'O cadastro', back }: { subject?: string; back: Back }) {
  return (
    <Result
      status="404"
      title={messages.notFound}
      subTitle={`${subject} pedido não existe, foi excluído ou não está ao seu alcance.`}
      extra={<Link to={back.to}>{back.label}</Link>}
    />
  );
}

export function RecordForbidden({ title, back }: { title: string; back: Back }) {
  return <Result status="403" title={title} extra={<Link to={back.to}>{back.label}</Link>} />;
}

/** A load that failed: 404 says so plainly, anything else offers "Tentar novamente". */
export function RecordLoadFailed({
  error,
  subject,
  what,
  back,
  onRetry,
}: {
  error: Error;
  /** 'O acordo' */
  subject?: string;
  /** 'o acordo' */
  what: string;
  back: Back;
  onRetry: () => void;
}) {
  if (isApiError(error) && error.status === 404) return <RecordNotFound subject={subject} back={back} />;
  return (
    <Result
      status="warning"
      title={`Não foi possível carregar ${what}.`}
      subTitle={error.message}
      extra={
        <Space>
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
            Tentar novamente
          </Button>
          <Link to={back.to}>{back.label}</Link>
        </Space>
      }
    />
  );
}
