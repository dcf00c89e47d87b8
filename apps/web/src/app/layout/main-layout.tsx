import { MenuOutlined } from '@ant-design/icons';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Button, Drawer, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { useWiderThan } from '../../ui/use-media-query';
import { useSessionRefresh } from '../use-session-refresh';
import { Brand } from './brand';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 264;

/**
 * Signed-in frame: side menu, header with the federation logo and the user menu (name, role, "Alterar senha",
 * "Sair"). From 992 px the menu is a fixed column; narrower (tablets, phones) it opens as a drawer from the
 * "Menu" button, so the screen keeps its whole width.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  useSessionRefresh();
  const wide = useWiderThan('lg');
  const phone = !useWiderThan('sm');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const logo = user?.page_federation_image_path;

  // A new screen closes the drawer (also when reached by a link inside the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      {wide ? (
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
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
      ) : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={Math.min(SIDER_WIDTH + 16, 320)}
          title={<Brand />}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: phone ? 12 : 24,
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
            {wide ? null : (
              <Button
                icon={<MenuOutlined aria-hidden />}
                aria-label="Abrir o menu"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
              >
                {phone ? null : 'Menu'}
              </Button>
            )}
            {logo ? (
              <img
                src={logo}
                alt={user?.federation?.name ? `Logo da ${user.federation.name}` : 'Logo da federação'}
                style={{ maxHeight: 40, maxWidth: phone ? 96 : 200, objectFit: 'contain' }}
              />
            ) : wide ? null : (
              <Brand />
            )}
          </div>
          <UserMenu compact={phone} />
        </Layout.Header>
        <Layout.Content id="conteudo" style={{ padding: phone ? 12 : 24, minWidth: 0 }}>
          {children ?? <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
