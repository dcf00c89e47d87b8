import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDesignToken } from '../../ui/use-design-token';
import { Brand } from './brand';

/** Centered page without the menu, for public screens (works on a phone). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  // Plain text rather than antd's Typography: this frame is on the first screen (/login), kept light.
  const token = useDesignToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f3f6fa' }}>
      <header style={{ padding: '16px 24px' }}>
        <Brand to="/welcome" />
      </header>
      <main
        id="conteudo"
        style={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          padding: '16px 16px 48px',
        }}
      >
        <div style={{ width: '100%', maxWidth: 960, display: 'flex', justifyContent: 'center' }}>
          {children ?? <Outlet />}
        </div>
      </main>
      <footer style={{ padding: '16px 24px', textAlign: 'center' }}>
        {/* The product's name line stays Portuguese on the pages a reader may see in Spanish or English. */}
        <span lang="pt-BR" style={{ color: token.colorTextSecondary }}>
          Origem · Certificados de origem
        </span>
      </footer>
    </div>
  );
}
