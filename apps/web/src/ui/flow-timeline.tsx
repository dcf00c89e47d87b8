import type { FlowAction, FlowDefinition } from '@origem/contract/flows';
import type { FlowStep } from '@origem/contract/schemas/flow-history';
import { Empty, Timeline, Typography } from 'antd';
import { FlowTag } from './flow-tag';
import { formatDateTime } from './format';

const CREATION_LABEL = 'Criação';

/** A record's history (who, when, from, to, note), oldest first, as the flow names its actions and states. */
export function FlowTimeline({ flow, history }: { flow: FlowDefinition; history: readonly FlowStep[] }) {
  if (history.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum passo registrado ainda." />;
  }
  const actions = flow.actions as Record<string, FlowAction<string>>;
  return (
    <Timeline
      items={history.map((step) => ({
        key: step.id,
        content: (
          <div>
            <Typography.Text strong>
              {step.action === 'create' ? CREATION_LABEL : (actions[step.action]?.label ?? step.action)}
            </Typography.Text>{' '}
            <FlowTag flow={flow} status={step.to_status} />
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(step.created_at)}
                {step.user ? ` · ${step.user.name}` : ''}
              </Typography.Text>
            </div>
            {step.note ? <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{step.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
