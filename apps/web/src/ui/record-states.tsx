import { ReloadOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { isApiError } from '../api/api-error';
import { type Back, ForbiddenResult, RecordNotFoundResult } from './status-pages';

export type { Back };

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

/** `subject`: 'O acordo', 'A norma de origem'… (default 'O cadastro'). The spec's 404 page, in place. */
export function RecordNotFound({ subject = 'O cadastro', back }: { subject?: string; back: Back }) {
  return <RecordNotFoundResult subject={subject} back={back} />;
}

/** The "sem permissão" page, saying what the user may not do (`title`). */
export function RecordForbidden({ title, back }: { title: string; back: Back }) {
  return <ForbiddenResult detail={title} back={back} />;
}

/** A load that failed: 404 and 403 get their pages, anything else offers "Tentar novamente". */
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
  if (isApiError(error) && error.status === 403)
    return <ForbiddenResult detail={error.message} back={back} />;
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
