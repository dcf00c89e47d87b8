import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { navigateTo, type SearchValues } from '../../lib/navigation';

/** A real link (opens in a new tab too) that navigates inside the app on a plain click. */
export function DashboardLink({
  to,
  search,
  children,
  label,
}: {
  to: string;
  search?: SearchValues;
  children: ReactNode;
  label?: string;
}) {
  const query = search ? `?${new URLSearchParams(search).toString()}` : '';
  return (
    <Typography.Link
      href={`${to}${query}`}
      aria-label={label}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigateTo(to, search);
      }}
    >
      {children}
    </Typography.Link>
  );
}
