import type { ApiToken } from '@origem/contract/schemas/api-tokens';
import { scopeLabel } from '@origem/contract/schemas/api-tokens';
import { Flex, Tag, Typography } from 'antd';
import { formatDate, formatDateTime } from '../../ui/format';

/** A token's state as the lists show it: revoked, expired or active. */
export function TokenStatus({ token }: { token: ApiToken }) {
  if (token.revoked_at) return <Tag color="red">Revogado</Tag>;
  if (new Date(token.expires_at).getTime() <= Date.now()) return <Tag color="orange">Expirado</Tag>;
  return <Tag color="green">Ativo</Tag>;
}

export const isLive = (token: ApiToken) =>
  !token.revoked_at && new Date(token.expires_at).getTime() > Date.now();

export function TokenScopes({ token }: { token: ApiToken }) {
  return (
    <Flex wrap gap={4}>
      {token.scopes.map((scope) => (
        <Tag key={scope}>{scopeLabel(scope)}</Tag>
      ))}
    </Flex>
  );
}

export const expiryCell = (token: ApiToken) => formatDate(token.expires_at);

export function LastUse({ token }: { token: ApiToken }) {
  return token.last_used_at ? (
    <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(token.last_used_at)}</span>
  ) : (
    <Typography.Text type="secondary">Nunca usado</Typography.Text>
  );
}
