import { messages } from '@origem/contract/messages.pt';
import { App, Modal, type ModalFuncProps, message as staticMessage } from 'antd';
import type { ReactNode } from 'react';
import { useLayoutEffect } from 'react';

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
type ToastType = 'success' | 'info' | 'warning' | 'error' | 'loading';
type ToastApi = { open: (config: { type: ToastType; content: ReactNode; duration?: number }) => unknown };

let bridged: { modal: ModalApi; message: ToastApi } | null = null;

// Several calls failing at once (e.g. a page with three queries) must not stack identical dialogs.
const openDialogs = new Set<string>();

/**
 * Mounted once inside antd's <App>: hands the context-aware modal/message APIs (pt_BR locale, theme)
 * to code outside React — the http client's error catalogue, the download helper, the dialog helpers.
 */
export function FeedbackBridge(): null {
  const { modal, message } = App.useApp();
  useLayoutEffect(() => {
    bridged = { modal, message };
    return () => {
      bridged = null;
      // Dialogs rendered by this <App> disappear with it.
      openDialogs.clear();
    };
  }, [modal, message]);
  return null;
}

/** The modal API (falls back to antd's static functions when no <App> is mounted). */
export function getModal(): ModalApi {
  return bridged?.modal ?? Modal;
}

function showToast(type: ToastType, content: ReactNode): void {
  (bridged?.message ?? staticMessage).open({ type, content, duration: TOAST_SECONDS });
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
    getModal()[kind]({
      title,
      content,
      okText: 'OK',
      centered: true,
      onOk: () => resolve(),
      afterClose: () => {
        if (key) openDialogs.delete(key);
        resolve();
      },
    });
  });
}

/** Success dialog with an OK button (SPEC §7/§8 texts). Resolves when the user closes it. */
export function showSuccessDialog(text: string, details?: ReactNode): Promise<void> {
  return dialog('success', text, details);
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
