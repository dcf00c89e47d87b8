import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The narrow card of the sign-in screens (full width on a phone). */
export function AuthCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card style={{ width: '100%', maxWidth: 420, marginTop: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      {children}
    </Card>
  );
}
