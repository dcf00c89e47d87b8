import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { loadModal, notifySuccess } from './feedback';

export type ConfirmOptions = {
  title: string;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red confirm button for destructive actions (delete, reprove, cancel). */
  danger?: boolean;
};

/** Asks before a destructive or irreversible action. Resolves true on confirm, false on cancel. */
export function confirmAction({
  title,
  content,
  okText = 'Confirmar',
  cancelText = 'Cancelar',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return loadModal().then(
    (modal) =>
      new Promise((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText,
          centered: true,
          okButtonProps: { danger },
          // A destructive question opens on its safe answer: an Enter pressed by habit cancels (issue 22).
          focusable: { autoFocusButton: danger ? 'cancel' : 'ok' },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  );
}

/**
 * Removing a row of a form's item table (a certificate's item, a declaration's material): asks first, the dialog
 * opening on 'Cancelar' (issue 22: an Enter or Space pressed by habit keeps the row). `row` names it ('o item 2').
 * Resolves true when the user confirms.
 */
export function confirmRowRemoval(row: string, content?: ReactNode): Promise<boolean> {
  return confirmAction({ title: `Remover ${row}?`, content, okText: 'Remover', danger: true });
}

/**
 * A deletion behind its confirmation (a red 'Excluir'): asks, runs `remove` and shows the success text it resolves
 * to. Resolves false when the user declines, true once deleted.
 */
export async function confirmDeletion(
  question: Pick<ConfirmOptions, 'title' | 'content'>,
  remove: () => Promise<string>,
): Promise<boolean> {
  if (!(await confirmAction({ ...question, okText: 'Excluir', danger: true }))) return false;
  void notifySuccess(await remove());
  return true;
}

export type ConfirmWithReasonOptions = ConfirmOptions & {
  /** Label of the reason field; defaults to "Motivo". */
  reasonLabel?: string;
  /** When true (default) the confirm button stays disabled until a reason is typed. */
  required?: boolean;
};

function ReasonField({
  label,
  description,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <div>
      {description ? <div style={{ marginBottom: 12 }}>{description}</div> : null}
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <Input.TextArea
        id={id}
        autoFocus
        rows={4}
        maxLength={1000}
        showCount
        value={value}
        style={{ marginTop: 4 }}
        onChange={(event) => {
          setValue(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

export type ConfirmWithReasonAndFileOptions = ConfirmWithReasonOptions & {
  /** What the file is, e.g. 'Carta de substituição (PDF)'; it is required. */
  fileLabel: string;
  /** Checks a picked file before it is accepted (e.g. pdf-file-field's pdfProblem); returns the problem or null. */
  fileProblem?: (file: File) => string | null;
};

function FileField({
  label,
  problemOf,
  onChange,
}: {
  label: string;
  problemOf?: (file: File) => string | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div style={{ marginTop: 12 }}>
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <div style={{ marginTop: 4 }}>
        <Upload
          accept=".pdf,application/pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            const issue = problemOf?.(file) ?? null;
            setProblem(issue);
            setPicked(issue ? null : file);
            onChange(issue ? null : file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined aria-hidden />}>
            {picked ? 'Trocar arquivo' : 'Selecionar arquivo'}
          </Button>
        </Upload>
        <div style={{ marginTop: 4 }}>
          {problem ? (
            <Typography.Text type="danger">{problem}</Typography.Text>
          ) : picked ? (
            <Typography.Text>{picked.name}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">Nenhum arquivo selecionado.</Typography.Text>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The dialog of both reason confirmations: the reason field, then the file field when `file` is given; the confirm
 * button waits for what is required. Resolves the trimmed reason and the picked file, or null on cancel.
 */
function askReason(
  {
    title,
    content,
    okText = 'Confirmar',
    cancelText = 'Cancelar',
    danger = false,
    reasonLabel = 'Motivo',
    required = true,
  }: ConfirmWithReasonOptions,
  file?: { label: string; problemOf?: (file: File) => string | null },
): Promise<{ reason: string; file: File | null } | null> {
  return loadModal().then(
    (modal) =>
      new Promise((resolve) => {
        let reason = '';
        let picked: File | null = null;
        const ready = () => (!file || picked !== null) && (!required || reason.trim() !== '');
        const refresh = () => handle.update({ okButtonProps: { danger, disabled: !ready() } });
        const handle = modal.confirm({
          title,
          icon: null,
          width: 520,
          centered: true,
          okText,
          cancelText,
          okButtonProps: { danger, disabled: !ready() },
          // The reason field takes the focus (autoFocus); without it, the safe answer would.
          focusable: { autoFocusButton: 'cancel' },
          content: (
            <>
              <ReasonField
                label={reasonLabel}
                description={content}
                onChange={(value) => {
                  reason = value;
                  refresh();
                }}
              />
              {file ? (
                <FileField
                  label={file.label}
                  problemOf={file.problemOf}
                  onChange={(next) => {
                    picked = next;
                    refresh();
                  }}
                />
              ) : null}
            </>
          ),
          onOk: () => resolve({ reason: reason.trim(), file: picked }),
          onCancel: () => resolve(null),
        });
      }),
  );
}

/** Confirmation that also asks for a reason (reprove, cancel…). Resolves the trimmed reason, or null on cancel. */
export async function confirmWithReason(options: ConfirmWithReasonOptions): Promise<string | null> {
  const answer = await askReason(options);
  return answer ? answer.reason : null;
}

/** Confirmation that asks for a reason and a file (a substitution's letter). Resolves both, or null on cancel. */
export async function confirmWithReasonAndFile({
  fileLabel,
  fileProblem,
  ...options
}: ConfirmWithReasonAndFileOptions): Promise<{ note: string; file: File } | null> {
  const answer = await askReason(options, { label: fileLabel, problemOf: fileProblem });
  return answer?.file ? { note: answer.reason, file: answer.file } : null;
}
