import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { isApiError } from '../../api/api-error';

type Back = { to: string; label: string };

/** Skeleton of an edit screen while its record loads. */
export function RecordLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  );
}

export function RecordNotFound({ subject, back }: { subject: string; back: Back }) {
  return (
    <Result
      status="404"
      title={messages.notFound}
      subTitle={`${subject} pedido não existe ou foi excluído.`}
      extra={<Link to={back.to}>{back.label}</Link>}
    />
  );
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
  subject: string;
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
