import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd';
import { ignoreShownError } from '../../api/api-error';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';

export type EntityDeletion = {
  /** The record's noun with its article, in the question: 'a federação'. */
  noun: string;
  /** What the question adds. */
  note: string;
  /** Deletes and answers the success text. */
  remove: (id: number) => Promise<string>;
  /** Called once deleted, before leaving: the form drops its unsaved-changes warning. */
  onDeleted: () => void;
};

/**
 * The header of an entity's form: its name (or the creation title), a hint, the way back to the list and, for who
 * may delete, "Excluir" confirmed and followed by the success text and the list.
 */
export function EntityFormHeader({
  title,
  hint,
  listPath,
  record,
  deletion,
}: {
  title: string;
  hint?: string;
  listPath: string;
  /** The record being edited; none when creating. */
  record?: { id: number; name: string };
  /** Given only when the user may delete the record. */
  deletion?: EntityDeletion;
}) {
  const navigate = useNavigate();
  const remove = async (target: { id: number; name: string }, how: EntityDeletion) => {
    const removed = await confirmDeletion(
      { title: `Excluir ${how.noun} ${target.name}?`, content: how.note },
      async () => {
        const message = await how.remove(target.id);
        how.onDeleted();
        return message;
      },
    );
    if (removed) await navigate({ to: listPath });
  };
  return (
    <PageHeader
      title={title}
      hint={hint}
      backTo={listPath}
      extra={
        record && deletion ? (
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => void remove(record, deletion).catch(ignoreShownError)}
          >
            Excluir
          </Button>
        ) : undefined
      }
    />
  );
}
