import { useBlocker } from '@tanstack/react-router';
import { Modal } from 'antd';

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation gets a dialog,
 * closing or reloading the tab gets the browser's own prompt.
 */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => shouldBlock(),
    enableBeforeUnload: () => shouldBlock(),
    withResolver: true,
  });
  return (
    <Modal
      open={blocker.status === 'blocked'}
      title="Sair sem salvar?"
      okText="Sair sem salvar"
      cancelText="Continuar editando"
      okButtonProps={{ danger: true }}
      centered
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Há alterações não salvas nesta tela. Se sair agora, elas serão perdidas.
    </Modal>
  );
}
