import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The wide card of the public sign-up screens (full width on a phone). */
export function PublicFormCard({ children }: { children: ReactNode }) {
  return <Card style={{ width: '100%', maxWidth: 960, marginTop: 24 }}>{children}</Card>;
}
