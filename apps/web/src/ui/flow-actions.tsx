import type { FlowAction, FlowDefinition } from '@origem/contract/flows';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { ignoreShownError } from '../api/api-error';
import { confirmAction, confirmWithReason, confirmWithReasonAndFile } from './confirm-dialog';
import { notifySuccess } from './feedback';

/** What the user typed (and the file picked) for an action that asks for it. */
export type FlowActionInput = { note?: string; file?: File };

export type FlowActionsProps<A extends string> = {
  flow: FlowDefinition<string, A>;
  /** The actions the server says this user may take now (the detail answer's `actions`). */
  actions: readonly string[];
  /** How the record is named in the confirmation's title, e.g. 'o pré-cadastro de Café Ltda.'. */
  subject: string;
  /**
   * Performs the action; resolves the success text to show (the server's message), or null when the page showed the
   * outcome itself (e.g. a refusal answered with a special status).
   */
  perform: (action: A, input: FlowActionInput) => Promise<string | null>;
  /** After a success (reload the record). */
  onDone: () => Promise<unknown>;
  /** Checks the file of an action that takes one (e.g. pdf-file-field's pdfProblem). */
  fileProblem?: (file: File) => string | null;
};

/**
 * The buttons of a record's workflow, exactly the actions the server allows now, in the flow's order. Each asks for
 * confirmation when the flow says so, and for the note when the action needs one; success shows the flow's text.
 */
export function FlowActions<A extends string>({
  flow,
  actions,
  subject,
  perform,
  onDone,
  fileProblem,
}: FlowActionsProps<A>) {
  const [busy, setBusy] = useState<string | null>(null);
  const allowed = (Object.keys(flow.actions) as A[]).filter((name) => actions.includes(name));
  if (allowed.length === 0) return null;

  const take = async (name: A, action: FlowAction<string>) => {
    let input: FlowActionInput = {};
    if (action.file) {
      const answer = await confirmWithReasonAndFile({
        title: `${action.label}: ${subject}`,
        content: action.confirm,
        okText: action.label,
        danger: action.danger,
        reasonLabel: action.note?.label,
        required: action.note?.required ?? false,
        fileLabel: action.file.label,
        fileProblem,
      });
      if (answer === null) return;
      input = answer;
    } else if (action.note) {
      const note = await confirmWithReason({
        title: `${action.label}: ${subject}`,
        content: action.confirm,
        okText: action.label,
        danger: action.danger,
        reasonLabel: action.note.label,
        required: action.note.required,
      });
      if (note === null) return;
      input = { note };
    } else if (action.confirm) {
      const confirmed = await confirmAction({
        title: `${action.label}: ${subject}`,
        content: action.confirm,
        okText: action.label,
        danger: action.danger,
      });
      if (!confirmed) return;
    }
    const message = await perform(name, input);
    if (message !== null) void notifySuccess(action.success ?? message);
    await onDone();
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {allowed.map((name, index) => {
        const action = flow.actions[name];
        return (
          <Button
            key={name}
            block
            type={index === 0 && !action.danger ? 'primary' : 'default'}
            danger={action.danger}
            loading={busy === name}
            disabled={busy !== null}
            onClick={() => {
              setBusy(name);
              void take(name, action)
                .catch(ignoreShownError)
                .finally(() => setBusy(null));
            }}
          >
            {action.label}
          </Button>
        );
      })}
    </Space>
  );
}
