import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet } from '@tanstack/react-router';
import { Avatar, Button, Flex, Layout, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { signOut } from '../../features/auth/api/sign-out';
import { useSession } from '../../lib/session';
import { useSessionRefresh } from '../use-session-refresh';
import { Brand } from './brand';
import { SideMenu } from './side-menu';

const SIDER_WIDTH = 264;

/** Signed-in frame: side menu, header with the federation logo, the user's name and role, and 'Sair'. */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  useSessionRefresh();
  const [leaving, setLeaving] = useState(false);
  const logo = user?.page_federation_image_path;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <Layout.Sider
        width={SIDER_WIDTH}
        theme="light"
        breakpoint="lg"
        collapsedWidth={0}
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
          borderInlineEnd: '1px solid #f0f0f0',
        }}
      >
        <div style={{ padding: '16px 24px' }}>
          <Brand />
        </div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: 24,
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            {logo ? (
              <img
                src={logo}
                alt={user?.federation?.name ? `Logo da ${user.federation.name}` : 'Logo da federação'}
                style={{ maxHeight: 40, maxWidth: 200, objectFit: 'contain' }}
              />
            ) : null}
          </div>
          <Flex align="center" gap={12}>
            <Avatar icon={<UserOutlined aria-hidden />} aria-hidden />
            <Flex vertical style={{ lineHeight: 1.3 }}>
              <Typography.Text strong>{user?.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {user?.role.display_name}
              </Typography.Text>
            </Flex>
            <Button
              icon={<LogoutOutlined aria-hidden />}
              loading={leaving}
              onClick={() => {
                setLeaving(true);
                void signOut().finally(() => setLeaving(false));
              }}
            >
              Sair
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content id="conteudo" style={{ padding: 24, minWidth: 0 }}>
          {children ?? <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
