import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Space, Tooltip } from 'antd';
import { ignoreShownError } from '../api/api-error';

export type RowActionsProps = {
  /** How the row is named in the buttons' accessible names: 'Editar ACE-18', 'Excluir Ana'. */
  name: string;
  /** Opens the record: a route, or a handler when opening needs more than a path. */
  to?: string;
  onOpen?: () => void;
  /** Edit icon and label when the user may change the row, view otherwise. */
  editable: boolean;
  /** The row's file, when it has one: `label` names it ('procuração' → 'Baixar procuração de …'). */
  download?: { label: string; run: () => Promise<unknown> };
  /** Shown only when given (the caller decides whether the user may delete). */
  onDelete?: () => Promise<unknown>;
};

/** The trailing column of the lists: open (edit or view), download the row's file, delete. Icons with tooltips. */
export function RowActions({ name, to, onOpen, editable, download, onDelete }: RowActionsProps) {
  const navigate = useNavigate();
  const verb = editable ? 'Editar' : 'Ver';
  const open = onOpen ?? (() => void navigate({ to }));
  return (
    <Space size={4}>
      <Tooltip title={verb}>
        <Button
          type="text"
          icon={editable ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          aria-label={`${verb} ${name}`}
          onClick={open}
        />
      </Tooltip>
      {download ? (
        <Tooltip title={`Baixar ${download.label}`}>
          <Button
            type="text"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={`Baixar ${download.label} de ${name}`}
            onClick={() => void download.run().catch(ignoreShownError)}
          />
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip title="Excluir">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Excluir ${name}`}
            onClick={() => void onDelete().catch(ignoreShownError)}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * A list's name cell that opens the record, like the row's open action: a link to `to`, or a link-styled button
 * for records opened in a dialog (`onOpen`). Plain text when the user may not open it.
 */
export function RecordName({ name, to, onOpen }: { name: string; to?: string; onOpen?: () => void }) {
  if (to) return <Link to={to}>{name}</Link>;
  if (!onOpen) return <>{name}</>;
  return (
    <Button
      type="link"
      onClick={onOpen}
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
    >
      {name}
    </Button>
  );
}
