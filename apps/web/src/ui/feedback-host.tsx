import { App, Modal, message } from 'antd';
import { useLayoutEffect } from 'react';
import { type FeedbackApi, TOAST_SECONDS, useFeedbackBridge } from './feedback-bridge';

/**
 * antd's dialogs and toasts, loaded the first time one is shown (ui/feedback.tsx): the first screen (/login)
 * shows none. Mounted by <FeedbackHost> inside the ConfigProvider, so they follow the pt_BR locale and the theme.
 */
export function FeedbackHostContent() {
  return (
    <App component={false} message={{ duration: TOAST_SECONDS, maxCount: 3 }}>
      <FeedbackBridge />
    </App>
  );
}

/** Hands antd's App APIs (inside an <App>) to ui/feedback.tsx; tests mount it inside their own <App>. */
export function FeedbackBridge(): null {
  const { modal, message: toasts } = App.useApp();
  const connect = useFeedbackBridge();
  useLayoutEffect(() => connect({ modal, message: toasts }), [connect, modal, toasts]);
  return null;
}

/** antd's static functions, for code running with no <FeedbackHost> mounted (tests of a single component). */
export const staticFeedback: FeedbackApi = { modal: Modal, message };
