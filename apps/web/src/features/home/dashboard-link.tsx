import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { navigateTo, type SearchValues } from '../../lib/navigation';

/** A real link (opens in a new tab too) that navigates inside the app on a plain click. */
export function DashboardLink({
  to,
  search,
  children,
  context,
  underline = false,
}: {
  to: string;
  /** Inside a sentence a link is underlined: its colour alone does not set it apart from the text (WCAG 1.4.1). */
  underline?: boolean;
  search?: SearchValues;
  children: ReactNode;
  /**
   * Said before the visible text to assistive technology only ('Certificados: '): the link's name keeps the visible
   * text whole (WCAG 2.5.3), which an aria-label replacing it would not.
   */
  context?: string;
}) {
  const query = search ? `?${new URLSearchParams(search).toString()}` : '';
  return (
    <Typography.Link
      href={`${to}${query}`}
      underline={underline}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigateTo(to, search);
      }}
    >
      {context ? <span className="visually-hidden">{context}</span> : null}
      {children}
    </Typography.Link>
  );
}
