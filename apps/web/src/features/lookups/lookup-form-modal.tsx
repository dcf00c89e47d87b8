import type { LookupDefinition } from '@origem/contract/schemas/lookups';
import { Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useLookupRow } from './api/get-lookup-row';
import type { RecordTarget } from './find-lookup';
import { LookupForm } from './lookup-form';
import { editRecordLabel, newRecordLabel } from './lookup-text';

export type LookupFormModalProps = {
  def: LookupDefinition;
  /** 'novo' creates, a number edits that row, null keeps the dialog closed. */
  target: RecordTarget | null;
  onClose: () => void;
};

/** The create/edit dialog of a lookup table. The row to edit is read again from the server. */
export function LookupFormModal({ def, target, onClose }: LookupFormModalProps) {
  // While closing, the dialog keeps showing what it held, instead of collapsing during its animation.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const current = target ?? shown;
  const editId = typeof current === 'number' ? current : null;
  // Only an open dialog reads the row: a closed one must not refetch it (e.g. after the row is deleted).
  const row = useLookupRow(def, editId, target !== null);
  const title = current === 'novo' ? newRecordLabel(def) : editRecordLabel(def);

  // A row that is gone (404) or unreadable: the client already said so; the dialog has nothing to show.
  const failed = editId !== null && row.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  let body = null;
  if (current === 'novo') {
    body = <LookupForm def={def} label={title} onSaved={onClose} onCancel={onClose} />;
  } else if (editId !== null && row.data) {
    body = (
      <LookupForm key={editId} def={def} row={row.data} label={title} onSaved={onClose} onCancel={onClose} />
    );
  } else if (editId !== null && !failed) {
    body = (
      <div role="status" aria-busy="true" aria-label={`Carregando ${title.toLowerCase()}`}>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  }

  return (
    <Modal
      open={target !== null && !failed}
      title={title}
      footer={null}
      width={560}
      centered
      destroyOnHidden
      afterClose={() => setShown(null)}
      maskClosable={false}
      onCancel={onClose}
    >
      {body}
    </Modal>
  );
}
