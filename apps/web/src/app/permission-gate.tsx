import { Link, useRouterState } from '@tanstack/react-router';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { findRoute } from './route-table';

/**
 * A signed-in user who opens a screen its permissions do not reach (a typed or shared link) sees a plain
 * "Acesso negado" instead of a screen whose calls would all answer 403. The server still refuses on its own.
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { user, can } = useSession();
  const permission = findRoute(pathname)?.permission;
  if (!user || !permission || can(permission)) return children;
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Acesso negado</h1>}
      subTitle="Você não tem permissão para abrir esta tela. Se precisar dela, fale com o administrador da sua entidade."
      extra={<Link to="/">Voltar para o início</Link>}
    />
  );
}
