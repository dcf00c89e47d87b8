import { dispatcherLinkFlow } from '@origem/contract/flows';
import type { DispatcherLink } from '@origem/contract/schemas/dispatcher-links';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { confirmAction } from '../../ui/confirm-dialog';
import { showSuccessBeforeReload } from '../../ui/feedback';
import type { FlowActionInput } from '../../ui/flow-actions';
import { actOnLink, type LinkAction } from './api/act-on-link';
import type { LinkSide } from './link-side';

/** The deletion steps (asking, confirming, withdrawing a request): after them the page reloads (SPEC §4). */
export const DELETION_STEPS: readonly LinkAction[] = ['request_deletion', 'confirm_deletion', 'remove'];

/** Reloads the whole page, as the spec asks after a deletion step. Replaceable in tests (jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

/**
 * Takes one action on a link. A deletion step shows the server's text (SPEC §8) and, once the user closes it,
 * reloads the page; it resolves null then (the outcome was shown). Any other action resolves the server's text.
 */
export async function performLinkAction(
  link: Pick<DispatcherLink, 'id'>,
  action: LinkAction,
  side: LinkSide | 'staff',
  input: FlowActionInput = {},
): Promise<string | null> {
  const answer = await actOnLink(link.id, action, side, input.note);
  if (!DELETION_STEPS.includes(action)) return answer.message;
  await showSuccessBeforeReload(answer.message);
  pageReload.run();
  return null;
}

const describe = (link: DispatcherLink) => `vínculo ${link.exporter.name} — ${link.dispatcher.name}`;

/**
 * The deletion steps a list row offers, exactly those the server allows this user now (the row's `actions`), each
 * confirmed with the flow's question.
 */
export function LinkRowDeletion({ link, side }: { link: DispatcherLink; side: LinkSide | 'staff' }) {
  const [busy, setBusy] = useState(false);
  const steps = DELETION_STEPS.filter((name) => link.actions.includes(name));
  if (steps.length === 0) return null;
  const take = async (name: LinkAction) => {
    const action = dispatcherLinkFlow.actions[name];
    const confirmed = await confirmAction({
      title: `${action.label}: ${describe(link)}`,
      content: action.confirm,
      okText: action.label,
      danger: action.danger,
    });
    if (confirmed) await performLinkAction(link, name, side);
  };
  return (
    <Space size={4} wrap>
      {steps.map((name) => (
        <Button
          key={name}
          size="small"
          danger
          loading={busy}
          aria-label={`${dispatcherLinkFlow.actions[name].label}: ${describe(link)}`}
          onClick={() => {
            setBusy(true);
            void take(name)
              .catch(ignoreShownError)
              .finally(() => setBusy(false));
          }}
        >
          {dispatcherLinkFlow.actions[name].label}
        </Button>
      ))}
    </Space>
  );
}
