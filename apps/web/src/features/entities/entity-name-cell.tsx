import type { Logo } from '@origem/contract/schemas/entities';
import { Link } from '@tanstack/react-router';
import { Flex, Typography } from 'antd';
import { ProtectedLogo } from './protected-logo';

const slot = {
  width: 32,
  height: 32,
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/**
 * The list's name column: a small logo slot (for entities with public logos; `logo` left out = no slot), the
 * name as a link, and a secondary line.
 */
export function EntityNameCell({
  to,
  name,
  logo,
  secondary,
}: {
  to: string;
  name: string;
  logo?: Logo | null;
  secondary?: string | null;
}) {
  return (
    <Flex gap={10} align="center">
      {logo === undefined ? null : (
        <div style={slot}>
          {logo ? (
            <ProtectedLogo
              url={logo.url}
              alt=""
              style={{ maxWidth: 32, maxHeight: 32, objectFit: 'contain' }}
            />
          ) : null}
        </div>
      )}
      <div style={{ minWidth: 0 }}>
        <Link to={to}>{name}</Link>
        {secondary ? (
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {secondary}
            </Typography.Text>
          </div>
        ) : null}
      </div>
    </Flex>
  );
}
