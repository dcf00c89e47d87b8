import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { isApiError } from '../../api/api-error';

/** The loading, not-found, no-permission and failure states of the three edit screens. */

export function EntityLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} style={{ maxWidth: 1040 }}>
      <Skeleton active title={{ width: 280 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    </div>
  );
}

export function EntityNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Result
      status="404"
      title={messages.notFound}
      subTitle="O cadastro pedido não existe, foi excluído ou não está ao seu alcance."
      extra={<Link to={backTo}>{backLabel}</Link>}
    />
  );
}

export function EntityForbidden({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return <Result status="403" title={title} extra={<Link to={backTo}>{backLabel}</Link>} />;
}

export function EntityLoadFailed({
  error,
  what,
  onRetry,
  backTo,
  backLabel,
}: {
  error: Error;
  what: string;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  if (isApiError(error) && error.status === 404)
    return <EntityNotFound backTo={backTo} backLabel={backLabel} />;
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
          <Link to={backTo}>{backLabel}</Link>
        </Space>
      }
    />
  );
}
