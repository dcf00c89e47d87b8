import { legalRepresentativeMessages } from '@origem/contract/schemas/legal-representatives';
import { Space, Tag } from 'antd';

type Procuration = { has_procuration: boolean; procuration_expired: boolean };

/**
 * The power of attorney at a glance: 'Sem procuração' when no file was sent, 'Procuração vencida' when its date
 * has passed (computed by the server against today's date), 'Em vigor' otherwise.
 */
export function ProcurationState({ representative }: { representative: Procuration }) {
  const { has_procuration: stored, procuration_expired: expired } = representative;
  if (!stored && !expired) return <Tag>{legalRepresentativeMessages.missing}</Tag>;
  return (
    <Space size={4} wrap>
      {stored ? null : <Tag>{legalRepresentativeMessages.missing}</Tag>}
      {expired ? (
        <Tag color="error">{legalRepresentativeMessages.expired}</Tag>
      ) : (
        <Tag color="success">Em vigor</Tag>
      )}
    </Space>
  );
}
