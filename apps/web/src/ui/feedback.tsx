import { messages } from '@origem/contract/messages.pt';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import {
  awaitFeedback,
  bridgedFeedback,
  type FeedbackApi,
  feedbackAwaited,
  type ModalApi,
  openDialogs,
  TOAST_SECONDS,
  type ToastType,
} from './feedback-bridge';

// antd's modal and message code is loaded the first time a dialog or toast is asked for (feedback-host.tsx), not
// when the app starts: the first screen (/login) shows none. Until then callers wait (feedback-bridge.ts).

/** True while a <FeedbackHost> is mounted; without one (a component test) antd's static functions are used. */
let hostMounted = false;
let hostWanted = false;
const hostListeners = new Set<() => void>();

function wantHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

/** The context-aware dialog and toast APIs, once loaded (pt_BR locale, theme). */
function feedback(): Promise<FeedbackApi> {
  const bridged = bridgedFeedback();
  if (bridged) return Promise.resolve(bridged);
  if (!hostMounted) return import('./feedback-host').then((module) => module.staticFeedback);
  const api = awaitFeedback();
  wantHost();
  return api;
}

const FeedbackHostContent = lazy(() =>
  import('./feedback-host').then((module) => ({ default: module.FeedbackHostContent })),
);

/**
 * Mounted once in the providers: loads and mounts antd's <App> (dialogs, 3 s toasts) when the first one is asked
 * for, or at once when `eager` (the signed-in frame, where they are common).
 */
export function FeedbackHost({ eager = false }: { eager?: boolean }) {
  const wanted = useSyncExternalStore(subscribeHost, () => hostWanted || eager);
  useLayoutEffect(() => {
    hostMounted = true;
    if (feedbackAwaited()) wantHost();
    return () => {
      hostMounted = false;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHostContent />
    </Suspense>
  );
}

function subscribeHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Loads the dialogs ahead of their first use (the signed-in frame calls it). */
export function preloadFeedback(): void {
  if (hostMounted) wantHost();
}

/** The modal API, loaded on first use (falls back to antd's static functions when no host is mounted). */
export function loadModal(): Promise<ModalApi> {
  return feedback().then((api) => api.modal);
}

function showToast(type: ToastType, content: ReactNode): void {
  void feedback().then((api) => api.message.open({ type, content, duration: TOAST_SECONDS }));
}

/** Short non-blocking messages, 3 s each. */
export const toast = {
  success: (content: ReactNode) => showToast('success', content),
  info: (content: ReactNode) => showToast('info', content),
  warning: (content: ReactNode) => showToast('warning', content),
  error: (content: ReactNode) => showToast('error', content),
};

function dialog(kind: 'success' | 'error' | 'warning' | 'info', title: ReactNode, content?: ReactNode) {
  const key = typeof title === 'string' && content === undefined ? `${kind}:${title}` : null;
  return new Promise<void>((resolve) => {
    if (key && openDialogs.has(key)) {
      resolve();
      return;
    }
    if (key) openDialogs.add(key);
    void loadModal().then((modal) =>
      modal[kind]({
        title,
        content,
        okText: 'OK',
        centered: true,
        onOk: () => resolve(),
        afterClose: () => {
          if (key) openDialogs.delete(key);
          resolve();
        },
      }),
    );
  });
}

/**
 * A routine success (a save, a send, an approval): the SPEC §8 text as a 3-second toast that needs no click (issue
 * 22; UX.md "routine success is a toast"). Dialogs stay for confirmations and refusals. Resolves at once.
 */
export function notifySuccess(text: string): Promise<void> {
  toast.success(text);
  return Promise.resolve();
}

/**
 * A success the user must read before the page changes under it (a full reload follows, SPEC §4): a dialog with OK,
 * since a toast would vanish with the reload.
 */
export function showSuccessBeforeReload(text: string): Promise<void> {
  return dialog('success', text);
}

/** Error dialog with an OK button. */
export function showErrorDialog(text: string, details?: ReactNode): Promise<void> {
  return dialog('error', text, details);
}

/** Warning dialog with an OK button (e.g. 253 "Pré-Cadastrado não pode ser APROVADO !"). */
export function showWarningDialog(text: string, details?: ReactNode): Promise<void> {
  return dialog('warning', text, details);
}

/** Server validation messages that no field could show: a bulleted list, or the generic hint when empty. */
export function showValidationErrors(list: readonly string[]): Promise<void> {
  if (list.length === 0) return dialog('error', messages.fixErrors);
  return dialog(
    'error',
    messages.fixErrors,
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {list.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>,
  );
}
