import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Space, Tooltip } from 'antd';
import { ignoreShownError } from '../../api/api-error';

/** The trailing column of the entity lists: edit (or view) and, when allowed, delete. */
export function RowActions({
  name,
  to,
  editable,
  onDelete,
}: {
  name: string;
  to: string;
  editable: boolean;
  onDelete?: () => Promise<void>;
}) {
  const navigate = useNavigate();
  return (
    <Space size={4}>
      <Tooltip title={editable ? 'Editar' : 'Ver'}>
        <Button
          type="text"
          icon={editable ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          aria-label={`${editable ? 'Editar' : 'Ver'} ${name}`}
          onClick={() => void navigate({ to })}
        />
      </Tooltip>
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
