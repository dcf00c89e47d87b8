import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * antd's Alert, fetched when a message first shows rather than with the first screen: /login shows one only after
 * a failed attempt or a redirect, and its 3 KB would put the login bundle over its budget (issue 10). Until the
 * chunk arrives the text is already there, announced the same way.
 */
const Alert = lazy(() => import('antd/es/alert'));

export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={<div role={props.role ?? 'alert'}>{props.title}</div>}>
      <Alert {...props} />
    </Suspense>
  );
}
