import {
  ApiOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { signOut } from '../../features/auth/api/sign-out';
import { useSession } from '../../lib/session';

/**
 * The header's user area: who is signed in (name and role) opening a menu with "Minha conta", "Alterar senha",
 * "Tokens de API" and "Sair", plus
 * "Sair" always in sight. On a phone (`compact`) the name gives way to the avatar and "Sair" to its icon.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void signOut().finally(() => setLeaving(false));
  };

  return (
    <Flex align="center" gap={compact ? 4 : 12}>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'account', icon: <SafetyOutlined aria-hidden />, label: 'Minha conta' },
            { key: 'password', icon: <KeyOutlined aria-hidden />, label: 'Alterar senha' },
            { key: 'tokens', icon: <ApiOutlined aria-hidden />, label: 'Tokens de API' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Sair', danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'account') void navigate({ to: '/minha-conta' });
            else if (key === 'password') void navigate({ to: '/redefinir-senha' });
            else if (key === 'tokens') void navigate({ to: '/minha-conta/tokens' });
            else leave();
          },
        }}
      >
        <Button
          type="text"
          // The visible name and role are the button's name (WCAG 2.5.3); on a phone only the avatar shows.
          aria-label={compact ? `Conta de ${user?.name ?? 'usuário'}` : undefined}
          style={{ height: 'auto', paddingBlock: 4, paddingInline: compact ? 4 : 8 }}
        >
          <Flex align="center" gap={10}>
            <Avatar icon={<UserOutlined aria-hidden />} aria-hidden />
            {compact ? null : (
              <Flex vertical align="flex-start" style={{ lineHeight: 1.3 }}>
                <Typography.Text strong>{user?.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {user?.role.display_name}
                </Typography.Text>
              </Flex>
            )}
            <DownOutlined aria-hidden style={{ fontSize: 10, color: '#8c8c8c' }} />
          </Flex>
        </Button>
      </Dropdown>
      <Button
        icon={<LogoutOutlined aria-hidden />}
        loading={leaving}
        onClick={leave}
        aria-label={compact ? 'Sair' : undefined}
      >
        {compact ? null : 'Sair'}
      </Button>
    </Flex>
  );
}
