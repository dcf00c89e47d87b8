import { DeleteOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { ignoreShownError } from '../api/api-error';
import { useSession } from '../lib/session';
import { useRouteId } from '../lib/use-route-id';
import { confirmDeletion } from './confirm-dialog';
import { PageHeader } from './page-header';
import { type Back, RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from './record-states';

/** The address segment that opens the create form instead of a record. */
export const NEW_RECORD = 'novo';

/** One kind of record an edit screen shows: its texts, its permission, and how it is read and deleted. */
export type RecordEditKind<T extends { id: number }> = {
  /** The list the screen returns to. */
  back: Back;
  /** 'A norma de origem' / 'a norma de origem' / 'Carregando norma de origem'. */
  subject: string;
  what: string;
  loading: string;
  /** Who may create, edit and delete; the others read. */
  permission: string;
  useRecord: (id: number | null) => UseQueryResult<T, Error>;
  useRemove: () => UseMutationResult<{ message: string }, Error, number>;
  creating: { forbidden: string; title: string; hint: string };
  header: (record: T) => { title: string; hint: string; tags?: ReactNode };
  confirmRemoval: (record: T) => { title: string; content: string };
};

/**
 * The frame of an edit screen (/…/$id, 'novo' creates): the loading, not-found and failure states, the header with
 * "Excluir" for who may manage, and the form the screen gives for a new record or a loaded one.
 */
export function RecordEditPage<T extends { id: number }>({
  kind,
  renderNew,
  renderRecord,
}: {
  kind: RecordEditKind<T>;
  renderNew: () => ReactNode;
  renderRecord: (record: T, readOnly: boolean) => ReactNode;
}) {
  const { raw, id } = useRouteId();
  const navigate = useNavigate();
  const { can } = useSession();
  const canManage = can(kind.permission);
  const creating = raw === NEW_RECORD;
  const query = kind.useRecord(creating ? null : id);
  const removal = kind.useRemove();
  const { back } = kind;

  if (creating) {
    if (!canManage) return <RecordForbidden title={kind.creating.forbidden} back={back} />;
    return (
      <>
        <PageHeader title={kind.creating.title} hint={kind.creating.hint} backTo={back.to} />
        {renderNew()}
      </>
    );
  }
  if (id === null) return <RecordNotFound subject={kind.subject} back={back} />;
  if (query.isPending) return <RecordLoading label={kind.loading} />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject={kind.subject}
        what={kind.what}
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const record = query.data;
  const remove = async () => {
    const removed = await confirmDeletion(
      kind.confirmRemoval(record),
      async () => (await removal.mutateAsync(record.id)).message,
    );
    if (removed) await navigate({ to: back.to, ignoreBlocker: true });
  };

  return (
    <>
      <PageHeader
        {...kind.header(record)}
        backTo={back.to}
        extra={
          canManage ? (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => void remove().catch(ignoreShownError)}
            >
              Excluir
            </Button>
          ) : undefined
        }
      />
      {renderRecord(record, !canManage)}
    </>
  );
}
