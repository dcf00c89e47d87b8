import { HomeOutlined } from '@ant-design/icons';
import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, type MenuProps } from 'antd';
import { useSession } from '../../lib/session';
import { buildMenu, selectedMenuPath } from '../menu';

type MenuItems = NonNullable<MenuProps['items']>;

/** Side menu grouped by area, with only the items the stored user's permissions reach. */
export function SideMenu() {
  const { user } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const selected = selectedMenuPath(pathname);

  const items: MenuItems = buildMenu(user).flatMap((section): MenuItems => {
    const entries = section.items.map((item) => ({
      key: item.path,
      icon: item.path === '/' ? <HomeOutlined aria-hidden /> : undefined,
      label: <Link to={item.path}>{item.label}</Link>,
    }));
    // 'Início' is a single item; the other areas are titled groups, always open so every item is visible.
    return section.key === 'inicio'
      ? entries
      : [{ type: 'group' as const, key: section.key, label: section.label, children: entries }];
  });

  return (
    <nav aria-label="Menu principal">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
