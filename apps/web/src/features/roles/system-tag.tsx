import { LockOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';

/** The 'Sistema' mark of the roles the product relies on (seeded, not deletable, identifier and type fixed). */
export function SystemTag() {
  return (
    <Tooltip title="Perfil do sistema: o identificador e o tipo não mudam, e ele não pode ser excluído.">
      <Tag color="geekblue" icon={<LockOutlined aria-hidden />}>
        Sistema
      </Tag>
    </Tooltip>
  );
}
