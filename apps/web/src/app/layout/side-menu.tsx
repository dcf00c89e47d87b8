import { HomeOutlined } from '@ant-design/icons';
import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, type MenuProps } from 'antd';
import { useSession } from '../../lib/session';
import { buildMenu, selectedMenuPath } from '../menu';
import { DELIVERED_ROUTES } from '../screens';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * Side menu grouped by area, with only the built screens the stored user's permissions reach. `onNavigate` lets
 * the phone drawer close once an item is chosen.
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const selected = selectedMenuPath(pathname, DELIVERED_ROUTES);

  const items: MenuItems = buildMenu(user, DELIVERED_ROUTES).flatMap((section): MenuItems => {
    const entries = section.items.map((item) => ({
      key: item.path,
      icon: item.path === '/' ? <HomeOutlined aria-hidden /> : undefined,
      label: (
        <Link
          to={item.path}
          onClick={onNavigate}
          // Enter on the focused link follows it: antd's Menu would take the key for its own item and stop it.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.stopPropagation();
          }}
        >
          {item.label}
        </Link>
      ),
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
