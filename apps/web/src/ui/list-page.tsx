import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { PageHeader } from './page-header';

export type PrimaryAction = {
  /** E.g. 'Novo usuário'. */
  label: string;
  /** Shown only when the user holds this permission (e.g. 'user.manage'). */
  permission?: string;
  /** Path to open, e.g. '/usuarios/novo' … */
  to?: string;
  /** … or a handler. */
  onClick?: () => void;
  icon?: ReactNode;
};

export type ListPageProps = {
  title: string;
  /** One line saying what the list holds. */
  hint: ReactNode;
  /** The "Novo …" button on the right, shown only when allowed. */
  action?: PrimaryAction;
  /** Other header actions (exports…), already filtered by permission. */
  extra?: ReactNode;
  /** Usually a <FilterBar>. */
  filters?: ReactNode;
  /** Usually a <DataTable>. */
  children: ReactNode;
};

/** Whether the page's primary action is shown for this user (exported for the empty state button). */
export function usePrimaryAction(action: PrimaryAction | undefined): ReactNode {
  const { can } = useSession();
  const navigate = useNavigate();
  if (!action || (action.permission && !can(action.permission))) return null;
  const onClick = action.onClick ?? (action.to ? () => void navigate({ to: action.to }) : undefined);
  return (
    <Button type="primary" icon={action.icon ?? <PlusOutlined aria-hidden />} onClick={onClick}>
      {action.label}
    </Button>
  );
}

/** The list screen pattern (UX.md): header with hint and primary action, filter bar, table. */
export function ListPage({ title, hint, action, extra, filters, children }: ListPageProps) {
  const primary = usePrimaryAction(action);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageHeader
        title={title}
        hint={hint}
        extra={
          extra || primary ? (
            <>
              {extra}
              {primary}
            </>
          ) : undefined
        }
      />
      {filters}
      <Card styles={{ body: { padding: 0 } }}>
        <div style={{ padding: 16 }}>{children}</div>
      </Card>
    </Space>
  );
}
