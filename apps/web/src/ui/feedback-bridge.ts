import type { ModalFuncProps } from 'antd';
import { type ReactNode, useCallback } from 'react';

// Where ui/feedback.tsx (the dialogs and toasts the app asks for) meets ui/feedback-host.tsx (antd's code for them,
// loaded on first use): the APIs once a host has handed them over, and the callers waiting until then. Its own
// module, so that the host needs nothing of feedback.tsx, which loads it.

/** How long toasts stay on screen (SPEC §9: 3 seconds). */
export const TOAST_SECONDS = 3;

type ModalHandle = { destroy: () => void; update: (config: ModalFuncProps) => void };
type ModalFn = (config: ModalFuncProps) => ModalHandle;
export type ModalApi = {
  success: ModalFn;
  error: ModalFn;
  warning: ModalFn;
  info: ModalFn;
  confirm: ModalFn;
};
export type ToastType = 'success' | 'info' | 'warning' | 'error' | 'loading';
type ToastApi = { open: (config: { type: ToastType; content: ReactNode; duration?: number }) => unknown };

export type FeedbackApi = { modal: ModalApi; message: ToastApi };

/** Null until a host hands antd's APIs over (and again once it unmounts): callers wait. */
let bridged: FeedbackApi | null = null;
let waiting: ((api: FeedbackApi) => void)[] = [];

/** Several calls failing at once (e.g. a page with three queries) must not stack identical dialogs. */
export const openDialogs = new Set<string>();

/** The APIs a mounted host handed over, or null. */
export function bridgedFeedback(): FeedbackApi | null {
  return bridged;
}

/** The APIs, once a host hands them over. */
export function awaitFeedback(): Promise<FeedbackApi> {
  return new Promise((resolve) => {
    waiting.push(resolve);
  });
}

/** Whether a dialog or toast is waiting for a host. */
export function feedbackAwaited(): boolean {
  return waiting.length > 0;
}

/** Used by feedback-host.tsx: hands antd's App APIs to the code outside React until the host unmounts. */
export function useFeedbackBridge() {
  return useCallback((api: FeedbackApi) => {
    bridged = api;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve(api);
    return () => {
      bridged = null;
      // Dialogs rendered by this <App> disappear with it.
      openDialogs.clear();
    };
  }, []);
}
