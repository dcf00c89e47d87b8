import type { User } from '@origem/contract/schemas/users';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { formatCnpj, formatCpf, formatDateTime, formatPhone } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { StatusTag } from '../../ui/status-tag';
import { entityName } from './user-rules';

const orDash = (text: string) => text || '—';

/** The user read-only, for whoever may see users but not change this one. */
export function UserDetails({ user }: { user: User }) {
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: 'Nome', children: user.name, span: 2 },
    { key: 'email', label: 'E-mail', children: user.email },
    { key: 'phone', label: 'Telefone', children: orDash(formatPhone(user.phone)) },
    { key: 'cpf', label: 'CPF', children: orDash(user.cpf ? formatCpf(user.cpf) : '') },
    { key: 'cnpj', label: 'CNPJ', children: orDash(user.cnpj ? formatCnpj(user.cnpj) : '') },
    { key: 'role', label: 'Perfil', children: user.role.display_name },
    { key: 'entity', label: 'Entidade', children: entityName(user) },
    {
      key: 'active',
      label: 'Situação',
      children: <StatusTag status={user.active ? 'ATIVO' : 'INATIVO'} />,
    },
    { key: 'updated', label: 'Atualizado em', children: formatDateTime(user.updated_at, '—') },
  ];
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={user.name}
        hint="Consulta: o seu perfil não permite alterar este usuário."
        tags={<StatusTag status={user.active ? 'ATIVO' : 'INATIVO'} />}
        backTo="/usuarios"
      />
      <Card>
        <Descriptions
          title="Dados do usuário"
          bordered
          column={{ xs: 1, md: 2 }}
          items={items}
          styles={{ label: { width: 160 } }}
        />
      </Card>
    </div>
  );
}
